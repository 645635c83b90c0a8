import { createBrowserRouter, createMemoryRouter, type RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { GuestRoute, ProfileGuard, ProtectedRoute, RoleGuard } from '@/features/auth';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { PageSpinner } from '@/components/ui/page-spinner';

// Every screen is its own lazily loaded chunk; a route module exports `Component`.
type RouteModule = { Component: React.ComponentType };
const lazy = (load: () => Promise<RouteModule>) => async () => ({ Component: (await load()).Component });

export const routes: RouteObject[] = [
  {
    path: paths.home,
    Component: RootLayout,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      { index: true, lazy: lazy(() => import('./routes/landing')) },

      // Anonymous screens. Login and register send a signed-in user on.
      {
        Component: GuestRoute,
        children: [
          { path: paths.login, lazy: lazy(() => import('./routes/auth/login')) },
          { path: paths.register, lazy: lazy(() => import('./routes/auth/register')) },
        ],
      },
      { path: paths.verifyEmail, lazy: lazy(() => import('./routes/auth/verify-email')) },
      { path: paths.forgotPassword, lazy: lazy(() => import('./routes/auth/forgot-password')) },
      { path: paths.resetPassword, lazy: lazy(() => import('./routes/auth/reset-password')) },

      // Public legal and help pages: anyone, signed in or not.
      { path: paths.terms, lazy: lazy(() => import('./routes/legal/terms')) },
      { path: paths.privacy, lazy: lazy(() => import('./routes/legal/privacy')) },
      { path: paths.refunds, lazy: lazy(() => import('./routes/legal/refunds')) },
      { path: paths.grievance, lazy: lazy(() => import('./routes/legal/grievance')) },
      { path: paths.help, lazy: lazy(() => import('./routes/legal/help')) },

      // Login required.
      {
        Component: ProtectedRoute,
        children: [
          { path: paths.onboarding, lazy: lazy(() => import('./routes/onboarding')) },
          // An invite link: login required, a complete profile not (a friend who just signed up can join at once).
          { path: paths.joinGroup, lazy: lazy(() => import('./routes/join-group')) },
          // Login and a complete profile required.
          {
            Component: ProfileGuard,
            children: [
              { path: paths.dashboard, lazy: lazy(() => import('./routes/dashboard')) },
              { path: paths.challenge, lazy: lazy(() => import('./routes/challenge')) },
              { path: paths.settings, lazy: lazy(() => import('./routes/settings')) },
              { path: paths.profile, lazy: lazy(() => import('./routes/profile')) },
              { path: paths.withdraw, lazy: lazy(() => import('./routes/withdraw')) },
              { path: paths.transactions, lazy: lazy(() => import('./routes/transactions')) },
              { path: paths.progress, lazy: lazy(() => import('./routes/progress')) },
              { path: paths.groups, lazy: lazy(() => import('./routes/groups')) },
              { path: paths.group, lazy: lazy(() => import('./routes/group')) },
              { path: paths.review, lazy: lazy(() => import('./routes/review')) },
              { path: paths.wakeTag, lazy: lazy(() => import('./routes/wake-tag')) },
            ],
          },
        ],
      },

      // Staff console: SUPPORT role only; everyone else sees the not-found page.
      {
        element: <RoleGuard role="SUPPORT" />,
        children: [{ path: paths.support, lazy: lazy(() => import('./routes/support')) }],
      },

      { path: '*', lazy: lazy(() => import('./routes/not-found')) },
    ],
  },
];

export type AppRouter = ReturnType<typeof createBrowserRouter>;

export function createAppRouter(): AppRouter {
  return createBrowserRouter(routes);
}

/** For tests: the real route tree in memory. */
export function createTestRouter(initialEntries: string[] = [paths.home]) {
  return createMemoryRouter(routes, { initialEntries });
}
