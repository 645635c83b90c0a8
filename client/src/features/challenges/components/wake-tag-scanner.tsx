import { Box, Button, Stack, Text } from '@chakra-ui/react';
import jsQR from 'jsqr';
import { useEffect, useRef, useState } from 'react';
import { isOwnWakeTag } from '@/lib/missions';

/** The back camera, live; every frame is read for a QR code until the person's own wake tag is seen. */
export default function WakeTagScanner({ code, onMatch, onCancel }: { code: string; onMatch: () => void; onCancel: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [other, setOther] = useState(false);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer = 0;
    let stopped = false;
    const canvas = document.createElement('canvas');
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    const tick = () => {
      const v = video.current;
      if (stopped || !v || !ctx) return;
      if (v.videoWidth > 0) {
        const scale = Math.min(1, 640 / Math.max(v.videoWidth, v.videoHeight));
        canvas.width = Math.round(v.videoWidth * scale);
        canvas.height = Math.round(v.videoHeight * scale);
        ctx.drawImage(v, 0, 0, canvas.width, canvas.height);
        const found = jsQR(ctx.getImageData(0, 0, canvas.width, canvas.height).data, canvas.width, canvas.height);
        if (found?.data) {
          if (isOwnWakeTag(found.data, code)) {
            stopped = true;
            onMatch();
            return;
          }
          setOther(true);
        }
      }
      timer = window.setTimeout(tick, 200);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then((s) => {
        stream = s;
        if (stopped) return s.getTracks().forEach((t) => t.stop());
        if (video.current) {
          video.current.srcObject = s;
          void video.current.play().catch(() => undefined);
        }
        tick();
      })
      .catch((e: unknown) =>
        setProblem(
          e instanceof DOMException && e.name === 'NotAllowedError'
            ? 'The camera is blocked for this site. Allow it in the browser settings to scan your wake tag.'
            : "We couldn't open the camera.",
        ),
      );
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, [code, onMatch]);

  return (
    <Stack gap={2}>
      {problem ? (
        <Text role="alert" color="fg.error">
          {problem}
        </Text>
      ) : (
        <Box borderRadius="md" overflow="hidden" bg="black">
          <video ref={video} muted playsInline aria-label="Wake tag scanner (back camera)" style={{ width: '100%', maxHeight: '50vh', objectFit: 'cover' }} />
        </Box>
      )}
      {other ? <Text role="status">That QR code is not your wake tag.</Text> : null}
      <Button variant="outline" onClick={onCancel}>
        Cancel
      </Button>
    </Stack>
  );
}
