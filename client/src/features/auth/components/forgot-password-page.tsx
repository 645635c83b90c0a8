import { Button, Input, Link, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { FormField } from '@/lib/forms/form-field';
import { zodResolver, type z } from '@/lib/forms/schema';
import { submitNow } from '@/lib/forms/submit-now';
import { forgotPasswordRequest } from '@/lib/auth/auth-api';
import { forgotMessages, forgotSchema } from '../auth-schemas';
import { answerMessage, screenMessage } from '@/lib/messages';
import { AuthCard } from './auth-card';
import { FormStack } from '@/components/forms/form-stack';
import { FormAlert } from '@/components/forms/form-alert';

export { forgotMessages };

type ForgotForm = z.input<typeof forgotSchema>;

export function ForgotPasswordPage() {
  const [error, setError] = useState<string | null>(null);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const sendLink = useMutation({ mutationFn: (email: string) => forgotPasswordRequest(email) });
  const form = useForm<ForgotForm, unknown, z.output<typeof forgotSchema>>({
    resolver: zodResolver(forgotSchema),
    defaultValues: { email: '' },
  });
  const { register, formState, reset } = form;
  // SPEC.md: the missing email is said in the alert under the field, as a failed send is.
  const shown = error ?? formState.errors.email?.message ?? null;

  const onSubmit = submitNow(form, forgotSchema, async ({ email }) => {
    setError(null);
    try {
      setSentMessage(answerMessage(await sendLink.mutateAsync(email), forgotMessages.sent));
    } catch (e) {
      setError(screenMessage(e, forgotMessages.failed));
    }
  });

  const again = () => {
    reset();
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
        <Text color="fg.muted">The link is valid for 1 hour. If you don&apos;t see the email in a few minutes, check your spam or junk folder.</Text>
        <Button variant="outline" onClick={again}>
          Send to Different Email
        </Button>
        {links}
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Forgot your password?" subtitle="Enter your account's email and we'll send you a link to choose a new password.">
      <FormStack gap={4} onSubmit={onSubmit} noValidate aria-label="Request a password reset link">
        <FormField label="Email" required invalid={!!formState.errors.email}>
          <Input type="email" autoComplete="email" {...register('email')} />
        </FormField>
        {shown ? <FormAlert status="error">{shown}</FormAlert> : null}
        <Button type="submit" colorPalette="brand" loading={formState.isSubmitting} loadingText="Sending…">
          Send Reset Link
        </Button>
      </FormStack>
      {links}
    </AuthCard>
  );
}
