import { Alert, Button, Container, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useAuth } from '@/lib/auth/use-auth';
import { resendVerification } from './resend-verification';

export const bannerMessages = {
  title: 'Please verify your email',
  body: (email: string) => `We sent a link to ${email}. Withdrawals need a verified email.`,
} as const;

/** From sign-up until the email is verified: a reminder on every signed-in screen, with a rate-limited resend. */
export function VerifyEmailBanner() {
  const { user, isAuthenticated, refreshUser } = useAuth();
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [sending, setSending] = useState(false);
  const resend = useMutation({ mutationFn: (email: string) => resendVerification(email) });
  if (!isAuthenticated || !user || user.isEmailVerified) return null;

  const onResend = async () => {
    setSending(true);
    setResult(await resend.mutateAsync(user.email));
    setSending(false);
  };

  return (
    <Container maxW="6xl" pt={3}>
      <Alert.Root status="warning" role="region" aria-label="Email verification">
        <Alert.Indicator />
        <Stack gap={2} flex="1" minW={0}>
          <Alert.Title>{bannerMessages.title}</Alert.Title>
          <Alert.Description>{bannerMessages.body(user.email)}</Alert.Description>
          <Stack direction="row" gap={2} wrap="wrap">
            <Button size="sm" colorPalette="brand" onClick={() => void onResend()} loading={sending} loadingText="Sending…">
              Resend email
            </Button>
            <Button size="sm" variant="ghost" onClick={() => void refreshUser()}>
              I&apos;ve verified
            </Button>
          </Stack>
          {result ? (
            <Text fontSize="sm" role={result.ok ? 'status' : 'alert'} color={result.ok ? 'fg' : 'fg.error'}>
              {result.message}
            </Text>
          ) : null}
        </Stack>
      </Alert.Root>
    </Container>
  );
}
