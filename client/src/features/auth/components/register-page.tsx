import { Button, Field, Input, Link, Stack, Tabs, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { storageKeys } from '@/config/storage-keys';
import { isApiError } from '@/lib/api-client';
import { DEFAULT_SLEEP_CHALLENGES } from '../api/auth-api';
import { useAuth } from '../hooks/use-auth';
import { AuthCard } from './auth-card';
import { FormStack } from './form-stack';
import { FormAlert } from './form-alert';
import { GoogleSignIn } from './google-sign-in';
import { ConsentBox, CONSENT_REQUIRED } from './consent-box';
import { useAppConfig } from '@/features/config';
import { PasswordInput } from './password-input';

export const registerMessages = {
  mismatch: 'Passwords do not match',
  network: 'Unable to connect to server. Please check if the backend is running and try again.',
  failed: 'Registration failed. Please try again.',
} as const;

type FieldName = 'fullName' | 'email' | 'password' | 'confirmPassword';
const REQUIRED: Record<FieldName, string> = {
  fullName: 'Full name is required',
  email: 'Email is required',
  password: 'Password is required',
  confirmPassword: 'Please confirm your password',
};

export function RegisterPage() {
  const { register } = useAuth();
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<FieldName, string>>({ fullName: '', email: '', password: '', confirmPassword: '' });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // One consent for both tabs: 18 or older and the terms in force (recorded with their version).
  const [consented, setConsented] = useState(false);
  const [consentError, setConsentError] = useState<string | null>(null);
  const termsVersion = useAppConfig().data?.termsVersion;
  const consent = (
    <ConsentBox
      checked={consented}
      error={consentError}
      onChange={(v) => {
        setConsented(v);
        if (v) setConsentError(null);
      }}
    />
  );

  const set = (name: FieldName) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [name]: e.target.value }));
    setFieldErrors((f) => ({ ...f, [name]: undefined }));
  };

  const goOn = () => navigate(paths.dashboard, { replace: true });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const missing: Partial<Record<FieldName, string>> = {};
    for (const name of Object.keys(REQUIRED) as FieldName[]) {
      if (!values[name].trim()) missing[name] = REQUIRED[name];
    }
    if (!consented) setConsentError(CONSENT_REQUIRED);
    if (Object.keys(missing).length) {
      setFieldErrors(missing);
      return;
    }
    if (!consented) return;
    if (values.password !== values.confirmPassword) {
      setFieldErrors({ confirmPassword: registerMessages.mismatch });
      setError(registerMessages.mismatch);
      return;
    }
    setSubmitting(true);
    const email = values.email.trim();
    try {
      await register({
        fullName: values.fullName.trim(),
        email,
        password: values.password,
        sleepChallenges: DEFAULT_SLEEP_CHALLENGES,
        ...(termsVersion ? { termsVersion } : {}),
      });
      localStorage.setItem(storageKeys.registrationEmail, email);
      goOn();
    } catch (e) {
      if (isApiError(e)) setError(e.isNetworkError ? registerMessages.network : (e.serverMessage ?? registerMessages.failed));
      else setError(e instanceof Error && e.message ? e.message : registerMessages.failed);
    } finally {
      setSubmitting(false);
    }
  };

  const field = (name: FieldName, label: string, input: React.ReactNode, helper?: string) => (
    <Field.Root required invalid={!!fieldErrors[name]}>
      <Field.Label>
        {label} <Field.RequiredIndicator />
      </Field.Label>
      {input}
      {helper && !fieldErrors[name] ? <Field.HelperText>{helper}</Field.HelperText> : null}
      <Field.ErrorText>{fieldErrors[name]}</Field.ErrorText>
    </Field.Root>
  );

  return (
    <AuthCard title="Create your account" subtitle="Stake a little on your alarm and get paid to wake up on time.">
      <Tabs.Root defaultValue="email" colorPalette="brand" variant="line" lazyMount>
        <Tabs.List>
          <Tabs.Trigger value="email">Email</Tabs.Trigger>
          <Tabs.Trigger value="google">Google</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="email">
          <FormStack gap={4} onSubmit={onSubmit} noValidate aria-label="Register with email">
            {field('fullName', 'Full name', <Input autoComplete="name" value={values.fullName} onChange={set('fullName')} />)}
            {field('email', 'Email', <Input type="email" autoComplete="email" value={values.email} onChange={set('email')} />)}
            {field(
              'password',
              'Password',
              <PasswordInput autoComplete="new-password" placeholder="Minimum 8 characters" value={values.password} onChange={set('password')} />,
            )}
            {field(
              'confirmPassword',
              'Confirm password',
              <PasswordInput
                toggleLabel="confirm password"
                autoComplete="new-password"
                placeholder="Minimum 8 characters"
                value={values.confirmPassword}
                onChange={set('confirmPassword')}
              />,
            )}
            {consent}
            {error ? <FormAlert status="error">{error}</FormAlert> : null}
            <Button type="submit" colorPalette="brand" loading={submitting} loadingText="Creating account…">
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
