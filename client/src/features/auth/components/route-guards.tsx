import { Navigate, Outlet, useLocation, type Location } from 'react-router-dom';
import { NotFound } from '@/components/ui/not-found';
import { PageSpinner } from '@/components/ui/page-spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';
import { hasRole } from '@/lib/auth/profile-complete';

export interface FromState {
  from?: Location;
}

/** Login required: spinner while auth loads, else /login (replace) remembering where the user was going. */
export function ProtectedRoute() {
  const { isAuthenticated, isLoading, signedOutByUser } = useAuth();
  const location = useLocation();
  if (isLoading) return <PageSpinner />;
  // After an explicit Logout there is no page to come back to (the next sign-in goes to /dashboard).
  if (!isAuthenticated) return <Navigate to={paths.login} replace state={signedOutByUser ? null : ({ from: location } satisfies FromState)} />;
  return <Outlet />;
}

/** Complete profile required (inside ProtectedRoute): incomplete → /onboarding. */
export function ProfileGuard() {
  const { isLoading, isProfileComplete } = useAuth();
  if (isLoading) return <PageSpinner />;
  if (!isProfileComplete) {
    return (
      <>
        <PageSpinner />
        <Navigate to={paths.onboarding} replace />
      </>
    );
  }
  return <Outlet />;
}

/** Staff-only pages: anyone else sees the not-found page (the page's existence is not advertised). */
export function RoleGuard({ role }: { role: string }) {
  const { user, isLoading } = useAuth();
  if (isLoading) return <PageSpinner />;
  if (!hasRole(user, role)) return <NotFound />;
  return <Outlet />;
}

/** Login / register: a signed-in user goes on to where they came from, or the dashboard. */
export function GuestRoute() {
  const { isAuthenticated, isLoading } = useAuth();
  const location = useLocation();
  if (isLoading) return <PageSpinner />;
  if (isAuthenticated) {
    const from = (location.state as FromState | null)?.from;
    const target = from && from.pathname !== paths.login && from.pathname !== paths.register ? from : paths.dashboard;
    return <Navigate to={target} replace />;
  }
  return <Outlet />;
}

/** Where to go after login: the remembered location, or /dashboard. */
export function redirectTarget(state: unknown): string {
  const from = (state as FromState | null)?.from;
  if (!from?.pathname || from.pathname === paths.login) return paths.dashboard;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
