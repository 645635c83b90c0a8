import { Button, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { screenMessage } from '@/lib/messages';
import { passkeyCancelled, passkeysSupported } from '@/lib/auth/passkeys-api';
import { useAuth } from '@/lib/auth/use-auth';
import { FormAlert } from '@/components/forms/form-alert';

export const passkeySignInMessages = {
  heading: 'Sign in with a passkey',
  // not "Sign in…": the password form's "Sign In" stays the only button of that name
  button: 'Use a passkey (fingerprint or face)',
  cancelled: 'No passkey was chosen. Try again, or sign in with your email and password.',
  failed: 'Could not sign in with a passkey. Try again, or sign in with your email and password.',
} as const;

/** "Sign in with a passkey" (any passkey of this site on the device; the typed email's when there is one). */
export function PasskeySignIn({ email, onSuccess }: { email?: string; onSuccess: () => void }) {
  const { loginWithPasskey } = useAuth();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();
  const passkeySignIn = useMutation({ mutationFn: (email?: string) => loginWithPasskey(email) });
  if (!passkeysSupported()) return null;

  const signIn = async () => {
    setBusy(true);
    setError(null);
    try {
      await passkeySignIn.mutateAsync(email && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()) ? email.trim() : undefined);
      onSuccess();
    } catch (e) {
      setError(passkeyCancelled(e) ? passkeySignInMessages.cancelled : screenMessage(e, passkeySignInMessages.failed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap={2} role="group" aria-labelledby={headingId} borderTopWidth="1px" borderColor="border" pt={4}>
      <Text id={headingId} fontWeight="medium" textAlign="center">
        {passkeySignInMessages.heading}
      </Text>
      <Button variant="outline" size="lg" onClick={() => void signIn()} loading={busy} loadingText="Waiting for your passkey…">
        {passkeySignInMessages.button}
      </Button>
      {error ? <FormAlert status="error">{error}</FormAlert> : null}
    </Stack>
  );
}
