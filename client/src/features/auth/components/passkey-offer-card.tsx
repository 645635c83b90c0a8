import { Alert, Button, Container, HStack } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { addPasskey, listPasskeys, passkeyCancelled } from '@/lib/auth/passkeys-api';
import { screenMessage } from '@/lib/messages';
import { rememberOffer } from '@/lib/auth/passkey-offer-memory';

export const passkeyOfferMessages = {
  title: 'Sign in faster next time with your fingerprint or face',
  body: 'Add a passkey on this phone: no password to type at 6 AM.',
  add: 'Add passkey',
  later: 'Not now',
  added: 'Passkey added. Next time, choose "Sign in with a passkey".',
  cancelled: 'No passkey was added. You can add one any time in Settings.',
  failed: 'Could not add the passkey. You can try again in Settings.',
} as const;

/** The offer itself: Add passkey / Not now, either answer remembered on this device. */
export default function PasskeyOfferCard({ userId, onDone }: { userId: string; onDone: () => void }) {
  const [state, setState] = useState<'checking' | 'ask' | 'adding' | 'added' | 'failed'>('checking');
  const [problem, setProblem] = useState<string | null>(null);
  const done = useRef(onDone);
  done.current = onDone;
  const addKey = useMutation({ mutationFn: () => addPasskey() });

  // someone who already has a passkey is not asked
  useEffect(() => {
    let live = true;
    listPasskeys()
      .then((list) => {
        if (!live) return;
        if (list.length) {
          rememberOffer(userId, 'added');
          done.current();
        } else setState('ask');
      })
      .catch(() => live && setState('ask'));
    return () => {
      live = false;
    };
  }, [userId]);

  if (state === 'checking') return null;

  const add = async () => {
    setState('adding');
    setProblem(null);
    try {
      await addKey.mutateAsync();
      rememberOffer(userId, 'added');
      setState('added');
    } catch (e) {
      setProblem(passkeyCancelled(e) ? passkeyOfferMessages.cancelled : screenMessage(e, passkeyOfferMessages.failed));
      setState('failed');
    }
  };
  const later = () => {
    rememberOffer(userId, 'declined');
    onDone();
  };

  return (
    <Container maxW="6xl" pt={4}>
      <Alert.Root status={state === 'added' ? 'success' : 'info'} as="section" role="region" aria-label="Passkey offer" data-testid="passkey-offer">
        <Alert.Indicator />
        <Alert.Content gap={2}>
          {state === 'added' ? (
            <Alert.Title role="status">{passkeyOfferMessages.added}</Alert.Title>
          ) : (
            <>
              <Alert.Title>{passkeyOfferMessages.title}</Alert.Title>
              <Alert.Description>{problem ?? passkeyOfferMessages.body}</Alert.Description>
              <HStack gap={2} wrap="wrap">
                <Button size="md" colorPalette="brand" onClick={() => void add()} loading={state === 'adding'} loadingText="Adding…">
                  {passkeyOfferMessages.add}
                </Button>
                <Button size="md" variant="outline" onClick={later} disabled={state === 'adding'}>
                  {passkeyOfferMessages.later}
                </Button>
              </HStack>
            </>
          )}
        </Alert.Content>
      </Alert.Root>
    </Container>
  );
}
