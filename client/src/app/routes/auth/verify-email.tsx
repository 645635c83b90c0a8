import { VerifyEmailPage } from '@/features/auth/components/verify-email-page';

export function Component() {
  return <VerifyEmailPage />;
}
