import { useMemo } from 'react';
import { RouterProvider } from 'react-router-dom';
import { AppProvider } from './provider';
import { createAppRouter, type AppRouter } from './router';

/** `router`: main.tsx creates it first so the first render waits for the route's chunk (see main.tsx). */
export function App({ router: given }: { router?: AppRouter } = {}) {
  const router = useMemo(() => given ?? createAppRouter(), [given]);
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
