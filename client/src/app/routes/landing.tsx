import { useAuth } from '@/lib/auth';
import { LandingPage } from '@/features/landing/components/landing-page';

export function Component() {
  const { isAuthenticated } = useAuth();
  return <LandingPage isAuthenticated={isAuthenticated} />;
}
