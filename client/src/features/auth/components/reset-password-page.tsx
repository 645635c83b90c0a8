import { Button, Field, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { CheckIcon, CloseIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { resetPasswordRequest, verifyResetTokenRequest } from '../api/auth-api';
import { answerMessage, MIN_PASSWORD_LENGTH, screenMessage } from '../messages';
import { AuthCard } from './auth-card';
import { FormStack } from './form-stack';
import { FormAlert } from './form-alert';
import type { LoginState } from './login-page';
import { PasswordInput } from './password-input';

export const resetMessages = {
  noToken: 'Invalid reset link. Please request a new password reset.',
  invalid: 'Reset link is invalid or has expired.',
  tooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`,
  mismatch: 'Passwords do not match',
  match: 'Passwords match',
  length: `At least ${MIN_PASSWORD_LENGTH} characters`,
  failed: 'Password reset failed. Please try again.',
  success: 'Password reset successfully! Please login with your new password.',
} as const;

export const RESET_REDIRECT_MS = 3000;

type State = { kind: 'checking' } | { kind: 'invalid'; message: string } | { kind: 'form' } | { kind: 'success'; message: string };

function Indicator({ ok, children }: { ok: boolean; children: string }) {
  return (
    <HStack gap={2} color={ok ? 'fg.success' : 'fg.muted'} fontSize="sm">
      {ok ? <CheckIcon boxSize={4} /> : <CloseIcon boxSize={4} />}
      <Text as="span">{children}</Text>
    </HStack>
  );
}

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const [state, setState] = useState<State>(() => (token ? { kind: 'checking' } : { kind: 'invalid', message: resetMessages.noToken }));
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    verifyResetTokenRequest(token, controller.signal)
      .then((answer) => setState(answer?.valid ? { kind: 'form' } : { kind: 'invalid', message: answer?.message || resetMessages.invalid }))
      .catch((e: unknown) => {
        if (e instanceof DOMException && e.name === 'AbortError') return;
        setState({ kind: 'invalid', message: screenMessage(e, resetMessages.invalid) });
      });
    return () => controller.abort();
  }, [token]);

  useEffect(() => {
    if (state.kind !== 'success') return;
    const timer = window.setTimeout(
      () => navigate(paths.login, { replace: true, state: { message: resetMessages.success } satisfies LoginState }),
      RESET_REDIRECT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [state.kind, navigate]);

  const longEnough = password.length >= MIN_PASSWORD_LENGTH;
  const matches = confirm.length > 0 && password === confirm;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!token) return;
    if (!longEnough) return setError(resetMessages.tooShort);
    if (!matches) return setError(resetMessages.mismatch);
    setError(null);
    setSubmitting(true);
    try {
      const answer = await resetPasswordRequest({ token, newPassword: password, confirmPassword: confirm });
      setState({ kind: 'success', message: answerMessage(answer, resetMessages.success) });
    } catch (e) {
      setError(screenMessage(e, resetMessages.failed));
    } finally {
      setSubmitting(false);
    }
  };

  if (state.kind === 'checking') {
    return (
      <AuthCard title="Reset your password">
        <Stack align="center" gap={3} py={4} role="status">
          <Spinner size="lg" color="brand.fg" aria-hidden="true" />
          <Text>Checking your reset link…</Text>
        </Stack>
      </AuthCard>
    );
  }

  if (state.kind === 'invalid') {
    return (
      <AuthCard title="Reset your password">
        <FormAlert status="error" title="Invalid reset link">
          {state.message}
        </FormAlert>
        <Button asChild colorPalette="brand">
          <RouterLink to={paths.forgotPassword}>Request New Reset Link</RouterLink>
        </Button>
        <Button asChild variant="outline">
          <RouterLink to={paths.login}>Back to Login</RouterLink>
        </Button>
      </AuthCard>
    );
  }

  if (state.kind === 'success') {
    return (
      <AuthCard title="Password reset">
        <FormAlert status="success">{state.message}</FormAlert>
        <Text color="fg.muted" role="status">
          Redirecting to login in 3 seconds...
        </Text>
        <Button asChild colorPalette="brand">
          <RouterLink to={paths.login} state={{ message: resetMessages.success } satisfies LoginState} replace>
            Continue to Login
          </RouterLink>
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Reset your password" subtitle="Choose a new password for your account.">
      <FormStack gap={4} onSubmit={onSubmit} noValidate aria-label="Choose a new password">
        <Field.Root required>
          <Field.Label>
            New Password <Field.RequiredIndicator />
          </Field.Label>
          <PasswordInput toggleLabel="new password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </Field.Root>
        <Field.Root required>
          <Field.Label>
            Confirm New Password <Field.RequiredIndicator />
          </Field.Label>
          <PasswordInput toggleLabel="confirmed password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
        </Field.Root>
        <Stack gap={1} aria-live="polite">
          <Indicator ok={longEnough}>{resetMessages.length}</Indicator>
          {confirm.length > 0 ? <Indicator ok={matches}>{matches ? resetMessages.match : resetMessages.mismatch}</Indicator> : null}
        </Stack>
        {error ? <FormAlert status="error">{error}</FormAlert> : null}
        <Button type="submit" colorPalette="brand" loading={submitting} loadingText="Resetting…" disabled={!longEnough || !matches}>
          Reset Password
        </Button>
      </FormStack>
    </AuthCard>
  );
}
