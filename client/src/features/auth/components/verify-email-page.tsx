import { Button, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { verifyEmailRequest } from '@/lib/auth/auth-api';
import { useAuth } from '@/lib/auth/use-auth';
import { answerMessage } from '@/lib/messages';
import { AuthCard } from './auth-card';
import { FormAlert } from '@/components/forms/form-alert';
import type { LoginState } from './login-page';
import { resendVerification } from './resend-verification';

export const verifyMessages = {
  noToken: 'Invalid verification link. Please check your email for the correct link.',
  failed: 'Email verification failed.',
  error: 'Verification failed. Please try again.',
  success: 'Email verified successfully! You can now log in.',
  redirecting: 'Redirecting to login in 3 seconds...',
  alreadyVerified: 'This email is already verified. You can log in.',
} as const;

// The server refuses a reopened link (single-use) but says when its account is already verified.
const ALREADY_VERIFIED = /already verified/i;

// One request per token for the page's lifetime in this tab: a remounted page (lazy route, StrictMode, a
// re-render of the router) waits for the same answer instead of spending the link again and showing a failure.
const inFlight = new Map<string, Promise<State>>();

function verifyOnce(token: string): Promise<State> {
  let answer = inFlight.get(token);
  if (!answer) {
    answer = verifyEmailRequest(token).then(
      (body): State =>
        body?.success === false
          ? { kind: 'error', message: body.message || verifyMessages.failed }
          : { kind: 'success', message: answerMessage(body, verifyMessages.success) },
      (e: unknown): State => {
        if (isApiError(e) && e.status >= 400 && e.status < 500) {
          const message = e.serverMessage ?? verifyMessages.failed;
          return ALREADY_VERIFIED.test(message) ? { kind: 'already', message } : { kind: 'error', message };
        }
        inFlight.delete(token); // a network failure may be retried by reloading
        return { kind: 'error', message: verifyMessages.error };
      },
    );
    inFlight.set(token, answer);
  }
  return answer;
}

/** Tests start each case with no remembered answers. */
export function forgetVerifyRequests(): void {
  inFlight.clear();
}

export const VERIFY_REDIRECT_MS = 3000;

type State = { kind: 'verifying' } | { kind: 'success' | 'already' | 'error'; message: string };

export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const { isAuthenticated, refreshUser } = useAuth();
  const [state, setState] = useState<State>(() => (token ? { kind: 'verifying' } : { kind: 'error', message: verifyMessages.noToken }));
  const [resend, setResend] = useState<{ ok: boolean; message: string } | null>(null);
  const [resending, setResending] = useState(false);
  const resendMail = useMutation({ mutationFn: () => resendVerification() });

  useEffect(() => {
    if (!token) return;
    let live = true;
    setState({ kind: 'verifying' });
    void verifyOnce(token).then((next) => {
      if (!live) return;
      setState(next);
      // Signed in on this browser: re-read the profile so the verify-email banner goes away.
      if (isAuthenticated && (next.kind === 'success' || next.kind === 'already')) void refreshUser();
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);

  const toLogin = () => navigate(paths.login, { replace: true, state: { message: verifyMessages.success } satisfies LoginState });

  useEffect(() => {
    if (state.kind !== 'success') return;
    const timer = window.setTimeout(toLogin, VERIFY_REDIRECT_MS);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.kind]);

  const onResend = async () => {
    setResending(true);
    setResend(await resendMail.mutateAsync());
    setResending(false);
  };

  return (
    <AuthCard title="Email verification">
      {state.kind === 'verifying' ? (
        <Stack align="center" gap={3} py={4} role="status">
          <Spinner size="lg" color="brand.fg" aria-hidden="true" />
          <Text>Verifying your email, please wait…</Text>
        </Stack>
      ) : null}

      {state.kind === 'success' ? (
        <Stack gap={4}>
          <FormAlert status="success" title="Email verified!">
            {state.message}
          </FormAlert>
          <Text color="fg.muted" role="status">
            {verifyMessages.redirecting}
          </Text>
          <Button colorPalette="brand" onClick={toLogin}>
            Continue to Login
          </Button>
        </Stack>
      ) : null}

      {state.kind === 'already' ? (
        <Stack gap={4}>
          <FormAlert status="info" title="Already verified">
            {state.message}
          </FormAlert>
          <Button asChild colorPalette="brand">
            <RouterLink to={paths.login}>Continue to Login</RouterLink>
          </Button>
        </Stack>
      ) : null}

      {state.kind === 'error' ? (
        <Stack gap={4}>
          <FormAlert status="error" title="Verification Failed">
            {state.message}
          </FormAlert>
          <Button colorPalette="brand" onClick={() => void onResend()} loading={resending} loadingText="Sending…">
            Resend Verification Email
          </Button>
          <Stack direction={{ base: 'column', sm: 'row' }} gap={3}>
            <Button asChild variant="outline" flex="1">
              <RouterLink to={paths.login}>Back to Login</RouterLink>
            </Button>
            <Button asChild variant="outline" flex="1">
              <RouterLink to={paths.register}>Register Again</RouterLink>
            </Button>
          </Stack>
        </Stack>
      ) : null}

      {resend ? <FormAlert status={resend.ok ? 'success' : 'error'}>{resend.message}</FormAlert> : null}

      {state.kind === 'already' ? null : (
        <Text textAlign="center" color="fg.muted" fontSize="sm">
          Didn&apos;t get the email?{' '}
          <Link as="button" color="brand.fg" fontWeight="medium" textDecoration="underline" onClick={() => void onResend()} aria-disabled={resending}>
            resend verification email
          </Link>
        </Text>
      )}
    </AuthCard>
  );
}
