import { Box, Button, Field, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { getWakeTag, wakeTagKey } from '@/lib/wake-tag-api';
import { allSumsRight, makeSums, pickSentence, sumText, typingMatches, type Mission } from '@/lib/missions';

// the scanner (jsQR) is loaded only on a wake-tag morning, when the person asks to scan
const WakeTagScanner = lazy(() => import('./wake-tag-scanner'));

/** On a mission morning the check-in (children) shows only once the mission is done. */
export function MissionGate({ mission, children }: { mission: Mission | string | null | undefined; children: ReactNode }) {
  const [done, setDone] = useState(false);
  const m = String(mission ?? 'NONE').toUpperCase();
  if (done || (m !== 'MATH' && m !== 'TYPING' && m !== 'WAKE_TAG')) return <>{children}</>;
  return (
    <Box borderWidth="1px" borderRadius="md" p={3} data-testid="mission" data-mission={m}>
      {m === 'MATH' ? (
        <MathMission onDone={() => setDone(true)} />
      ) : m === 'TYPING' ? (
        <TypingMission onDone={() => setDone(true)} />
      ) : (
        <WakeTagMission onDone={() => setDone(true)} />
      )}
    </Box>
  );
}

function MathMission({ onDone }: { onDone: () => void }) {
  const sums = useMemo(() => makeSums(), []);
  const [typed, setTyped] = useState(['', '', '']);
  const [wrong, setWrong] = useState(false);
  const id = useId();
  return (
    <Stack asChild gap={3}>
      <form
        aria-label="Math mission"
        onSubmit={(e) => {
          e.preventDefault();
          if (allSumsRight(sums, typed)) onDone();
          else setWrong(true);
        }}
      >
        <Text fontWeight="semibold">Wake-up mission: solve 3 sums to unlock Check In.</Text>
        {sums.map((s, i) => (
          <Field.Root key={i} invalid={wrong && String(s.answer) !== typed[i].trim()}>
            <Field.Label htmlFor={`${id}-${i}`}>What is {sumText(s)}?</Field.Label>
            <Input
              id={`${id}-${i}`}
              inputMode="numeric"
              autoComplete="off"
              value={typed[i]}
              onChange={(e) => {
                const v = e.currentTarget.value;
                setTyped((t) => t.map((x, j) => (j === i ? v : x)));
              }}
            />
          </Field.Root>
        ))}
        {wrong ? (
          <Text role="alert" color="fg.error">
            Not quite — check the sums marked and try again.
          </Text>
        ) : null}
        <Button type="submit" colorPalette="brand" size="lg">
          Check my answers
        </Button>
      </form>
    </Stack>
  );
}

function TypingMission({ onDone }: { onDone: () => void }) {
  const sentence = useMemo(() => pickSentence(), []);
  const [typed, setTyped] = useState('');
  const id = useId();
  const ok = typingMatches(sentence, typed);
  return (
    <Stack gap={3}>
      <Text fontWeight="semibold">Wake-up mission: type this sentence to unlock Check In.</Text>
      <Text fontSize="lg" p={2} bg="bg.muted" borderRadius="sm" data-testid="mission-sentence">
        {sentence}
      </Text>
      <Field.Root>
        <Field.Label htmlFor={id}>Type the sentence above</Field.Label>
        <Input id={id} autoComplete="off" autoCapitalize="sentences" spellCheck={false} value={typed} onChange={(e) => setTyped(e.currentTarget.value)} />
      </Field.Root>
      <Button colorPalette="brand" size="lg" disabled={!ok} onClick={onDone}>
        Done
      </Button>
    </Stack>
  );
}

function WakeTagMission({ onDone }: { onDone: () => void }) {
  const [scanning, setScanning] = useState(false);
  // the code is asked for only on a wake-tag morning; the camera only when the person taps Scan
  const tag = useQuery({ queryKey: wakeTagKey, queryFn: ({ signal }) => getWakeTag(signal), staleTime: Infinity });
  return (
    <Stack gap={3}>
      <Text fontWeight="semibold">Wake-up mission: scan your wake tag to unlock Check In.</Text>
      <Text fontSize="sm" color="fg.muted">
        Go to where you stuck it and point the camera at the QR code.{' '}
        <Link asChild color="brand.fg">
          <RouterLink to={paths.wakeTag}>Print your wake tag</RouterLink>
        </Link>
      </Text>
      {scanning && tag.data ? (
        <Suspense fallback={<Text>Opening the camera…</Text>}>
          <WakeTagScanner code={tag.data} onMatch={onDone} onCancel={() => setScanning(false)} />
        </Suspense>
      ) : (
        <Button colorPalette="brand" size="lg" onClick={() => setScanning(true)} disabled={!tag.data}>
          Scan my wake tag
        </Button>
      )}
    </Stack>
  );
}
