import { RegisterPage } from '@/features/auth/components/register-page';

export function Component() {
  return <RegisterPage />;
}
