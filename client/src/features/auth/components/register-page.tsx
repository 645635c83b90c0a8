import { Button, Input, Link, Stack, Tabs, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { storageKeys } from '@/config/storage-keys';
import { isApiError } from '@/lib/api-client';
import { FormField } from '@/lib/forms/form-field';
import { zodResolver } from '@/lib/forms/schema';
import { submitNow } from '@/lib/forms/submit-now';
import { DEFAULT_SLEEP_CHALLENGES } from '@/lib/auth/auth-api';
import { registerBody, registerMessages, registerSchema, type RegisterForm, type RegisterValues } from '../auth-schemas';
import { useAuth } from '@/lib/auth/use-auth';
import { AuthCard } from './auth-card';
import { FormStack } from '@/components/forms/form-stack';
import { FormAlert } from '@/components/forms/form-alert';
import { GoogleSignIn } from './google-sign-in';
import { ConsentBox } from './consent-box';
import { useAppConfig } from '@/lib/config';
import { PasswordInput } from '@/components/forms/password-input';

export { registerMessages };

export function RegisterPage() {
  const { register: signUp } = useAuth();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  // Each field says what is missing once left (or on submit); the consent is one for both tabs: 18 or older and the
  // terms in force (recorded with their version).
  const form = useForm<RegisterForm, unknown, RegisterValues>({
    resolver: zodResolver(registerSchema),
    mode: 'onTouched',
    defaultValues: { fullName: '', email: '', password: '', confirmPassword: '', consent: false },
  });
  const { register, control, formState, watch } = form;
  const errors = formState.errors;
  const consented = watch('consent');
  const termsVersion = useAppConfig().data?.termsVersion;
  const consent = (
    <Controller
      control={control}
      name="consent"
      render={({ field, fieldState }) => <ConsentBox checked={field.value} error={fieldState.error?.message} onChange={field.onChange} />}
    />
  );

  // A changed password re-checks the confirmation only once that field was left: before, an untouched (still empty)
  // confirmation said "Please confirm your password" while it was being typed, and the text going away on blur moved
  // "Create Account" under the pointer (the tap that blurred the field missed the button).
  const recheckConfirm = () => {
    if (form.getFieldState('confirmPassword').isTouched) void form.trigger('confirmPassword');
  };

  const createAccount = useMutation({ mutationFn: signUp });
  const goOn = () => navigate(paths.dashboard, { replace: true });

  const onValid = async (values: RegisterValues) => {
    setError(null);
    try {
      await createAccount.mutateAsync({ ...registerBody(values), sleepChallenges: DEFAULT_SLEEP_CHALLENGES, ...(termsVersion ? { termsVersion } : {}) });
      localStorage.setItem(storageKeys.registrationEmail, values.email);
      goOn();
    } catch (e) {
      if (isApiError(e)) setError(e.isNetworkError ? registerMessages.network : (e.serverMessage ?? registerMessages.failed));
      else setError(e instanceof Error && e.message ? e.message : registerMessages.failed);
    }
  };
  // SPEC.md: the passwords' mismatch is said above the button too.
  const onInvalid = (invalid: FieldErrors<RegisterForm>) =>
    setError(invalid.confirmPassword?.message === registerMessages.mismatch ? registerMessages.mismatch : null);

  return (
    <AuthCard title="Create your account" subtitle="Stake a little on your alarm and get paid to wake up on time.">
      <Tabs.Root defaultValue="email" colorPalette="brand" variant="line" lazyMount>
        <Tabs.List>
          <Tabs.Trigger value="email">Email</Tabs.Trigger>
          <Tabs.Trigger value="google">Google</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="email">
          <FormStack gap={4} onSubmit={submitNow(form, registerSchema, onValid, onInvalid)} noValidate aria-label="Register with email">
            <FormField label="Full name" required error={errors.fullName?.message}>
              <Input autoComplete="name" {...register('fullName')} />
            </FormField>
            <FormField label="Email" required error={errors.email?.message}>
              <Input type="email" autoComplete="email" {...register('email')} />
            </FormField>
            <FormField label="Password" required error={errors.password?.message}>
              <PasswordInput autoComplete="new-password" placeholder="Minimum 8 characters" {...register('password', { onChange: recheckConfirm })} />
            </FormField>
            <FormField label="Confirm password" required error={errors.confirmPassword?.message}>
              <PasswordInput toggleLabel="confirm password" autoComplete="new-password" placeholder="Minimum 8 characters" {...register('confirmPassword')} />
            </FormField>
            {consent}
            {error ? <FormAlert status="error">{error}</FormAlert> : null}
            <Button type="submit" colorPalette="brand" loading={formState.isSubmitting} loadingText="Creating account…">
              Create Account
            </Button>
          </FormStack>
        </Tabs.Content>
        <Tabs.Content value="google">
          <Stack gap={4}>
            {consent}
            {consented ? (
              <GoogleSignIn mode="register" onSuccess={goOn} termsVersion={termsVersion} />
            ) : (
              <Text color="fg.muted" textAlign="center">
                Tick the box above to continue with Google.
              </Text>
            )}
          </Stack>
        </Tabs.Content>
      </Tabs.Root>
      <Text textAlign="center" color="fg.muted">
        Already have an account?{' '}
        <Link asChild color="brand.fg" fontWeight="medium">
          <RouterLink to={paths.login}>Sign in</RouterLink>
        </Link>
      </Text>
    </AuthCard>
  );
}
