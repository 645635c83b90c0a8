import { Button, Checkbox, Field, HStack, Input, Link, Tabs, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useAuth } from '../hooks/use-auth';
import { redirectTarget } from './route-guards';
import { AuthCard } from './auth-card';
import { FormStack } from './form-stack';
import { FormAlert } from './form-alert';
import { GoogleSignIn } from './google-sign-in';
import { PasswordInput } from './password-input';

export const LOGIN_FAILED = 'Invalid email or password';

/** What the login page was handed by verify-email / reset-password (a message to show). */
export interface LoginState {
  message?: string;
}

export function LoginPage() {
  const { login } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const notice = (location.state as LoginState | null)?.message;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const goOn = () => navigate(redirectTarget(location.state), { replace: true });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setSubmitting(true);
    try {
      await login({ email: email.trim(), password });
      goOn();
    } catch (e) {
      if (isApiError(e)) setError(e.isNetworkError ? e.message : (e.serverMessage ?? LOGIN_FAILED));
      else setError(e instanceof Error && e.message ? e.message : LOGIN_FAILED);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title="Welcome back" subtitle="Sign in to keep your wake-up streak going.">
      {notice ? <FormAlert status="success">{notice}</FormAlert> : null}
      <Tabs.Root defaultValue="email" colorPalette="brand" variant="line" lazyMount>
        <Tabs.List>
          <Tabs.Trigger value="email">Email</Tabs.Trigger>
          <Tabs.Trigger value="google">Google</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="email">
          <FormStack gap={4} onSubmit={onSubmit} noValidate aria-label="Sign in with email">
            <Field.Root required>
              <Field.Label>
                Email <Field.RequiredIndicator />
              </Field.Label>
              <Input type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
            </Field.Root>
            <Field.Root required>
              <Field.Label>
                Password <Field.RequiredIndicator />
              </Field.Label>
              <PasswordInput autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
            </Field.Root>
            <HStack justify="space-between" wrap="wrap">
              <Checkbox.Root colorPalette="brand" checked={remember} onCheckedChange={(e) => setRemember(e.checked === true)}>
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>Remember me</Checkbox.Label>
              </Checkbox.Root>
              <Link asChild color="brand.fg" fontWeight="medium">
                <RouterLink to={paths.forgotPassword}>Forgot password?</RouterLink>
              </Link>
            </HStack>
            {error ? <FormAlert status="error">{error}</FormAlert> : null}
            <Button type="submit" colorPalette="brand" loading={submitting} loadingText="Signing in…" disabled={!email.trim() || !password}>
              Sign In
            </Button>
          </FormStack>
        </Tabs.Content>
        <Tabs.Content value="google">
          <GoogleSignIn mode="login" onSuccess={goOn} />
        </Tabs.Content>
      </Tabs.Root>
      <Text textAlign="center" color="fg.muted">
        New to WakeStake?{' '}
        <Link asChild color="brand.fg" fontWeight="medium">
          <RouterLink to={paths.register}>Create an account</RouterLink>
        </Link>
      </Text>
    </AuthCard>
  );
}
