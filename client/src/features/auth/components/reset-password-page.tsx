import { Button, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { CheckIcon, CloseIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { FormField } from '@/lib/forms/form-field';
import { zodResolver, type z } from '@/lib/forms/schema';
import { resetPasswordRequest, verifyResetTokenRequest } from '@/lib/auth/auth-api';
import { resetMessages, resetSchema } from '../auth-schemas';
import { answerMessage, screenMessage } from '@/lib/messages';
import { AuthCard } from './auth-card';
import { FormStack } from '@/components/forms/form-stack';
import { FormAlert } from '@/components/forms/form-alert';
import type { LoginState } from './login-page';
import { PasswordInput } from '@/components/forms/password-input';

export { resetMessages };

type ResetForm = z.input<typeof resetSchema>;

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
  const [error, setError] = useState<string | null>(null);
  const savePassword = useMutation({ mutationFn: resetPasswordRequest });
  const { register, handleSubmit, formState, watch } = useForm<ResetForm, unknown, z.output<typeof resetSchema>>({
    resolver: zodResolver(resetSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

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

  // The live indicators and the button read the schema as it is typed (synchronously, so they never lag a keystroke).
  const values = watch();
  const issues = resetSchema.safeParse(values).error?.issues ?? [];
  const longEnough = !issues.some((i) => i.path[0] === 'newPassword');
  const matches = values.confirmPassword.length > 0 && !issues.some((i) => i.path[0] === 'confirmPassword');

  const onValid = async (passwords: z.output<typeof resetSchema>) => {
    if (!token) return;
    setError(null);
    try {
      const answer = await savePassword.mutateAsync({ token, ...passwords });
      setState({ kind: 'success', message: answerMessage(answer, resetMessages.success) });
    } catch (e) {
      setError(screenMessage(e, resetMessages.failed));
    }
  };
  const onInvalid = (invalid: FieldErrors<ResetForm>) => setError(invalid.newPassword?.message ?? invalid.confirmPassword?.message ?? null);

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
      <FormStack gap={4} onSubmit={handleSubmit(onValid, onInvalid)} noValidate aria-label="Choose a new password">
        <FormField label="New Password" required>
          <PasswordInput toggleLabel="new password" autoComplete="new-password" {...register('newPassword')} />
        </FormField>
        <FormField label="Confirm New Password" required>
          <PasswordInput toggleLabel="confirmed password" autoComplete="new-password" {...register('confirmPassword')} />
        </FormField>
        <Stack gap={1} aria-live="polite">
          <Indicator ok={longEnough}>{resetMessages.length}</Indicator>
          {values.confirmPassword.length > 0 ? <Indicator ok={matches}>{matches ? resetMessages.match : resetMessages.mismatch}</Indicator> : null}
        </Stack>
        {error ? <FormAlert status="error">{error}</FormAlert> : null}
        <Button type="submit" colorPalette="brand" loading={formState.isSubmitting} loadingText="Resetting…" disabled={!longEnough || !matches}>
          Reset Password
        </Button>
      </FormStack>
    </AuthCard>
  );
}
