import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { fakeAuth, makeUser, renderWithProviders } from '@/testing/test-utils';
import type { AuthContextValue } from '@/lib/auth/auth-provider';
import { ProfileGuard, ProtectedRoute, RoleGuard } from './route-guards';

function LoginProbe() {
  const location = useLocation();
  const from = (location.state as { from?: { pathname: string; search: string } } | null)?.from;
  return <p>login page; from={from ? `${from.pathname}${from.search}` : 'none'}</p>;
}

function renderAt(path: string, auth: AuthContextValue) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginProbe /> },
      { path: '/onboarding', element: <p>onboarding page</p> },
      {
        element: <ProtectedRoute />,
        children: [
          {
            element: <ProfileGuard />,
            children: [{ path: '/dashboard', element: <p>dashboard page</p> }],
          },
        ],
      },
      { element: <RoleGuard role="SUPPORT" />, children: [{ path: '/support', element: <p>support page</p> }] },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />, { auth });
  return router;
}

describe('ProtectedRoute', () => {
  it('shows a spinner while auth is loading', () => {
    renderAt('/dashboard', fakeAuth({ isLoading: true }));
    expect(screen.getByTestId('page-spinner')).toBeInTheDocument();
    expect(screen.queryByText('dashboard page')).not.toBeInTheDocument();
  });

  it('sends a signed-out visitor to /login, replacing history and remembering where they were going', () => {
    const router = renderAt('/dashboard?tab=history', fakeAuth());
    expect(screen.getByText('login page; from=/dashboard?tab=history')).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('lets a signed-in user with a complete profile through', () => {
    renderAt('/dashboard', fakeAuth({ user: makeUser() }));
    expect(screen.getByText('dashboard page')).toBeInTheDocument();
  });
});

describe('ProfileGuard', () => {
  it('sends a user without phone, city or occupation to /onboarding', () => {
    const router = renderAt('/dashboard', fakeAuth({ user: makeUser({ phoneNumber: null, city: '' }) }));
    expect(screen.getByText('onboarding page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/onboarding');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it("trusts the server's isProfileComplete flag", () => {
    renderAt('/dashboard', fakeAuth({ user: makeUser({ city: null, isProfileComplete: true }) }));
    expect(screen.getByText('dashboard page')).toBeInTheDocument();
  });
});

describe('RoleGuard', () => {
  it('shows the not-found page to users without the SUPPORT role', () => {
    renderAt('/support', fakeAuth({ user: makeUser() }));
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByText('support page')).not.toBeInTheDocument();
  });

  it('opens the page for SUPPORT staff', () => {
    renderAt('/support', fakeAuth({ user: makeUser({ role: 'SUPPORT' }) }));
    expect(screen.getByText('support page')).toBeInTheDocument();
  });
});

describe('ProtectedRoute after Logout', () => {
  it('remembers no page to come back to when the user chose to log out', () => {
    renderAt('/dashboard', fakeAuth({ signedOutByUser: true }));
    expect(screen.getByText('login page; from=none')).toBeInTheDocument();
  });
});
