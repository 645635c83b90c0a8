import { Box, Button, Field, HStack, Icon, Image, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { drawToJpeg, formatBytes, shrinkPhoto } from '@/lib/photo';

// "Take a photo" opens the camera (front first, a switch for the back one), shows it live, takes the
// picture, lets the person keep it or retake it, and hands over a JPEG of at most 1280 px. The file picker is the
// fallback: a "Choose from files" link, and what "Take a photo" opens where the camera cannot be used.

export type Facing = 'user' | 'environment';

export const cameraMessages = {
  take: 'Take a photo',
  choose: 'Choose from files',
  capture: 'Take the picture',
  use: 'Use photo',
  retake: 'Retake',
  cancel: 'Cancel',
  remove: 'Remove photo',
  toBack: 'Switch to back camera',
  toFront: 'Switch to front camera',
  starting: 'Opening the camera…',
  preparing: 'Preparing the photo…',
  noCamera: "We couldn't open the camera. Choose a photo from your files instead.",
  denied: 'The camera is blocked for this site. Allow it in the browser settings, or choose a photo from your files.',
  failed: "We couldn't take the picture. Try again, or choose a photo from your files.",
} as const;

export interface CameraCaptureProps {
  /** Names the photo (it labels the file input too): "Selfie (optional, JPEG or PNG up to 5 MB)". */
  label: string;
  value: File | null;
  onChange: (photo: File | null) => void;
  /** A problem with the photo, shown under it. */
  error?: string | null;
  helper?: string;
  disabled?: boolean;
}

type Step = { at: 'idle' } | { at: 'starting' } | { at: 'live' } | { at: 'taken'; photo: File; url: string };

const cameraUsable = () => typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';

function CameraIcon() {
  return (
    <Icon aria-hidden="true" focusable="false" asChild>
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M23 19a2 2 0 0 1-2 2H3a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h4l2-3h6l2 3h4a2 2 0 0 1 2 2z" />
        <circle cx="12" cy="13" r="4" />
      </svg>
    </Icon>
  );
}

/** An object URL for `blob` while it is shown, revoked after. */
function useObjectUrl(blob: Blob | null): string | null {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

export function CameraCapture({ label, value, onChange, error, helper, disabled }: CameraCaptureProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const [step, setStep] = useState<Step>({ at: 'idle' });
  const [facing, setFacing] = useState<Facing>('user');
  const [problem, setProblem] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(false);
  const valueUrl = useObjectUrl(value);

  const stop = () => {
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
  };
  useEffect(() => stop, []);

  // the live stream is attached once the <video> is on the page
  useEffect(() => {
    const video = videoRef.current;
    if (step.at === 'live' && video && streamRef.current && video.srcObject !== streamRef.current) {
      video.srcObject = streamRef.current;
      void video.play().catch(() => undefined);
    }
  }, [step]);

  const openPicker = (camera: boolean) => {
    const input = inputRef.current;
    if (!input) return;
    // where getUserMedia is missing, a phone's picker can still open its camera app
    if (camera) input.setAttribute('capture', 'user');
    else input.removeAttribute('capture');
    input.click();
  };

  const start = async (want: Facing) => {
    setProblem(null);
    if (!cameraUsable()) {
      openPicker(true);
      return;
    }
    stop();
    setStep({ at: 'starting' });
    try {
      streamRef.current = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: want, width: { ideal: 1280 }, height: { ideal: 1280 } },
        audio: false,
      });
      setFacing(want);
      setStep({ at: 'live' });
    } catch (e) {
      setStep({ at: 'idle' });
      setProblem(e instanceof DOMException && e.name === 'NotAllowedError' ? cameraMessages.denied : cameraMessages.noCamera);
      openPicker(false); // honoured where the tap still counts; the link stays either way
    }
  };

  const capture = async () => {
    const video = videoRef.current;
    if (!video || !video.videoWidth) {
      setProblem(cameraMessages.failed);
      return;
    }
    try {
      const blob = await drawToJpeg(video, video.videoWidth, video.videoHeight);
      stop();
      const photo = new File([blob], `photo-${Date.now()}.jpg`, { type: 'image/jpeg' });
      setStep({ at: 'taken', photo, url: URL.createObjectURL(photo) });
    } catch {
      setProblem(cameraMessages.failed);
    }
  };

  const leaveTaken = () => {
    if (step.at === 'taken') URL.revokeObjectURL(step.url);
  };
  const use = () => {
    if (step.at !== 'taken') return;
    leaveTaken();
    onChange(step.photo);
    setStep({ at: 'idle' });
  };
  const retake = () => {
    leaveTaken();
    void start(facing);
  };
  const cancel = () => {
    stop();
    leaveTaken();
    setStep({ at: 'idle' });
  };

  const picked = async (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    setPreparing(true);
    try {
      onChange(await shrinkPhoto(file));
    } finally {
      setPreparing(false);
    }
  };

  return (
    <Field.Root invalid={!!error} disabled={disabled} data-testid="camera-capture" data-step={step.at}>
      <Field.Label htmlFor={inputId}>{label}</Field.Label>
      <VisuallyHidden asChild>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept="image/jpeg,image/png"
          tabIndex={-1}
          disabled={disabled}
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = ''; // the same file can be picked again after a Remove
            void picked(file);
          }}
        />
      </VisuallyHidden>

      {step.at === 'live' || step.at === 'starting' ? (
        <Stack gap={2} w="full">
          <Box position="relative" w="full" bg="black" rounded="md" overflow="hidden" minH="48">
            <video
              ref={videoRef}
              autoPlay
              playsInline
              muted
              aria-label={`Camera preview (${facing === 'user' ? 'front' : 'back'} camera)`}
              style={{ width: '100%', maxHeight: '60vh', objectFit: 'contain', transform: facing === 'user' ? 'scaleX(-1)' : undefined }}
            />
            {step.at === 'starting' ? (
              <Text role="status" position="absolute" inset="0" display="flex" alignItems="center" justifyContent="center" color="white">
                {cameraMessages.starting}
              </Text>
            ) : null}
          </Box>
          <Button size="lg" colorPalette="brand" onClick={() => void capture()} disabled={step.at !== 'live'}>
            <CameraIcon /> {cameraMessages.capture}
          </Button>
          <HStack gap={2} wrap="wrap">
            <Button size="md" variant="outline" flex="1" onClick={() => void start(facing === 'user' ? 'environment' : 'user')} disabled={step.at !== 'live'}>
              {facing === 'user' ? cameraMessages.toBack : cameraMessages.toFront}
            </Button>
            <Button size="md" variant="ghost" onClick={cancel}>
              {cameraMessages.cancel}
            </Button>
          </HStack>
        </Stack>
      ) : step.at === 'taken' ? (
        <Stack gap={2} w="full">
          <Image src={step.url} alt="The photo you just took" rounded="md" maxH="60vh" objectFit="contain" />
          <HStack gap={2}>
            <Button size="lg" colorPalette="brand" flex="1" onClick={use}>
              {cameraMessages.use}
            </Button>
            <Button size="lg" variant="outline" flex="1" onClick={retake}>
              {cameraMessages.retake}
            </Button>
          </HStack>
        </Stack>
      ) : value && valueUrl ? (
        <HStack gap={3} w="full" data-testid="photo-ready">
          <Image src={valueUrl} alt="Your photo" boxSize="16" objectFit="cover" rounded="md" />
          <Stack gap={1} flex="1" minW="0">
            <Text fontSize="sm">Photo ready · {formatBytes(value.size)}</Text>
            <HStack gap={3} wrap="wrap">
              <Button size="sm" variant="outline" onClick={() => void start(facing)} disabled={disabled}>
                {cameraMessages.retake}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => onChange(null)} disabled={disabled}>
                {cameraMessages.remove}
              </Button>
            </HStack>
          </Stack>
        </HStack>
      ) : (
        <Stack gap={1} w="full" align="stretch">
          <Button
            size="lg"
            variant="outline"
            onClick={() => void start('user')}
            disabled={disabled || preparing}
            loading={preparing}
            loadingText={cameraMessages.preparing}
          >
            <CameraIcon /> {cameraMessages.take}
          </Button>
          <Button
            variant="plain"
            color="brand.fg"
            textDecoration="underline"
            alignSelf="center"
            minH="11"
            onClick={() => openPicker(false)}
            disabled={disabled}
          >
            {cameraMessages.choose}
          </Button>
        </Stack>
      )}
      {problem ? (
        <Text role="alert" fontSize="sm" color="fg.error">
          {problem}
        </Text>
      ) : null}
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : helper ? <Field.HelperText>{helper}</Field.HelperText> : null}
    </Field.Root>
  );
}
