import type { QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { RouterProvider } from 'react-router-dom';
import { AppProvider } from './provider';
import { createAppRouter, type AppRouter } from './router';

/**
 * `router`: boot.tsx creates it first so the first render waits for the route's chunk; `queryClient`: boot.tsx fills
 * it with what every screen reads at once (GET /config) so the first render already has it.
 */
export function App({ router: given, queryClient }: { router?: AppRouter; queryClient?: QueryClient } = {}) {
  const router = useMemo(() => given ?? createAppRouter(), [given]);
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
