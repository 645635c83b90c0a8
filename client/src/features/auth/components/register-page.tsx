import { Button, Field, Input, Link, Tabs, Text } from '@chakra-ui/react';
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
    if (Object.keys(missing).length) {
      setFieldErrors(missing);
      return;
    }
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
            {error ? <FormAlert status="error">{error}</FormAlert> : null}
            <Button type="submit" colorPalette="brand" loading={submitting} loadingText="Creating account…">
              Create Account
            </Button>
          </FormStack>
        </Tabs.Content>
        <Tabs.Content value="google">
          <GoogleSignIn mode="register" onSuccess={goOn} />
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
