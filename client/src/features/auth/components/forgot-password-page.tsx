import { Button, Field, Input, Link, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { forgotPasswordRequest } from '../api/auth-api';
import { answerMessage, screenMessage } from '../messages';
import { AuthCard } from './auth-card';
import { FormStack } from './form-stack';
import { FormAlert } from './form-alert';

export const forgotMessages = {
  empty: 'Please enter your email address',
  failed: 'Failed to send reset email. Please try again.',
  sent: 'If an account exists for that email, a password reset link has been sent.',
} as const;

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const value = email.trim();
    if (!value) {
      setError(forgotMessages.empty);
      return;
    }
    setSubmitting(true);
    try {
      setSentMessage(answerMessage(await forgotPasswordRequest(value), forgotMessages.sent));
    } catch (e) {
      setError(screenMessage(e, forgotMessages.failed));
    } finally {
      setSubmitting(false);
    }
  };

  const reset = () => {
    setEmail('');
    setSentMessage(null);
    setError(null);
  };

  const links = (
    <Text textAlign="center" color="fg.muted">
      <Link asChild color="brand.fg" fontWeight="medium">
        <RouterLink to={paths.login}>Back to Login</RouterLink>
      </Link>
      {' · '}
      <Link asChild color="brand.fg" fontWeight="medium">
        <RouterLink to={paths.register}>Create an account</RouterLink>
      </Link>
    </Text>
  );

  if (sentMessage) {
    return (
      <AuthCard title="Reset Link Sent!">
        <FormAlert status="success">{sentMessage}</FormAlert>
        <Text color="fg.muted">
          The link is valid for 1 hour. If you don&apos;t see the email in a few minutes, check your spam or junk folder.
        </Text>
        <Button variant="outline" onClick={reset}>
          Send to Different Email
        </Button>
        {links}
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Forgot your password?" subtitle="Enter your account's email and we'll send you a link to choose a new password.">
      <FormStack gap={4} onSubmit={onSubmit} noValidate aria-label="Request a password reset link">
        <Field.Root required invalid={error === forgotMessages.empty}>
          <Field.Label>
            Email <Field.RequiredIndicator />
          </Field.Label>
          <Input type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </Field.Root>
        {error ? <FormAlert status="error">{error}</FormAlert> : null}
        <Button type="submit" colorPalette="brand" loading={submitting} loadingText="Sending…">
          Send Reset Link
        </Button>
      </FormStack>
      {links}
    </AuthCard>
  );
}
