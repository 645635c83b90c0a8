import { Button, Checkbox, HStack, Input, Link, Tabs, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { FormField } from '@/lib/forms/form-field';
import { zodResolver, type z } from '@/lib/forms/schema';
import { loginSchema } from '../auth-schemas';
import { useAuth } from '@/lib/auth/use-auth';
import { redirectTarget } from './route-guards';
import { AuthCard } from './auth-card';
import { FormStack } from '@/components/forms/form-stack';
import { FormAlert } from '@/components/forms/form-alert';
import { GoogleSignIn } from './google-sign-in';
import { PasskeySignIn } from './passkey-sign-in';
import { PasswordInput } from '@/components/forms/password-input';

export const LOGIN_FAILED = 'Invalid email or password';

/** What the login page was handed by verify-email / reset-password (a message to show). */
export interface LoginState {
  message?: string;
}

type LoginForm = z.input<typeof loginSchema>;

export function LoginPage() {
  const { login } = useAuth();
  const signIn = useMutation({ mutationFn: login });
  const navigate = useNavigate();
  const location = useLocation();
  const notice = (location.state as LoginState | null)?.message;
  const [remember, setRemember] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Sign In waits until both fields are filled (the schema); what is wrong with them is the server's to say.
  const { register, handleSubmit, formState, watch } = useForm<LoginForm, unknown, z.output<typeof loginSchema>>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });
  const ready = loginSchema.safeParse(watch()).success;

  const goOn = () => navigate(redirectTarget(location.state), { replace: true });

  const onSubmit = handleSubmit(async (credentials) => {
    setError(null);
    try {
      await signIn.mutateAsync(credentials);
      goOn();
    } catch (e) {
      if (isApiError(e)) setError(e.isNetworkError ? e.message : (e.serverMessage ?? LOGIN_FAILED));
      else setError(e instanceof Error && e.message ? e.message : LOGIN_FAILED);
    }
  });

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
            <FormField label="Email" required>
              <Input type="email" autoComplete="email" {...register('email')} />
            </FormField>
            <FormField label="Password" required>
              <PasswordInput autoComplete="current-password" {...register('password')} />
            </FormField>
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
            <Button type="submit" colorPalette="brand" loading={formState.isSubmitting} loadingText="Signing in…" disabled={!ready}>
              Sign In
            </Button>
          </FormStack>
        </Tabs.Content>
        <Tabs.Content value="google">
          <GoogleSignIn mode="login" onSuccess={goOn} />
        </Tabs.Content>
      </Tabs.Root>
      <PasskeySignIn email={watch('email')} onSuccess={goOn} />
      <Text textAlign="center" color="fg.muted">
        New to WakeStake?{' '}
        <Link asChild color="brand.fg" fontWeight="medium">
          <RouterLink to={paths.register}>Create an account</RouterLink>
        </Link>
      </Text>
    </AuthCard>
  );
}
