import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router-dom';
import { ColorModeProvider } from '@/components/ui/color-mode';
import { getSystem } from '@/components/ui/theme';
import { TestProviders, testQueryClient } from '@/testing/test-utils';
import { AuthProvider, type AuthContextValue } from '@/lib/auth/auth-provider';

/** Shows where the app went and the state it carried (for navigation assertions). */
export function Probe({ name }: { name: string }) {
  const location = useLocation();
  const message = (location.state as { message?: string } | null)?.message;
  return (
    <p>
      {name} page{message ? `: ${message}` : ''}
    </p>
  );
}

/**
 * Renders `element` at `at` in a memory router beside probe pages for the usual destinations.
 * `auth: 'real'` uses the real AuthProvider (network through the stubbed fetch).
 */
export function renderRoute(
  path: string,
  element: React.ReactNode,
  { at, state, auth, client }: { at?: string; state?: unknown; auth?: AuthContextValue | 'real'; client?: QueryClient } = {},
) {
  const probes = ['/login', '/register', '/dashboard', '/onboarding', '/forgot-password', '/'].filter((p) => p !== path);
  const routes: RouteObject[] = [{ path, element }, ...probes.map((p) => ({ path: p, element: <Probe name={p} /> }))];
  const router = createMemoryRouter(routes, {
    initialEntries: [{ pathname: (at ?? path).split('?')[0], search: (at ?? path).includes('?') ? `?${(at ?? path).split('?')[1]}` : '', state }],
  });
  const ui = <RouterProvider router={router} />;
  if (auth === 'real') {
    render(
      <ChakraProvider value={getSystem()}>
        <ColorModeProvider>
          <QueryClientProvider client={client ?? testQueryClient()}>
            <AuthProvider>{ui}</AuthProvider>
          </QueryClientProvider>
        </ColorModeProvider>
      </ChakraProvider>,
    );
  } else {
    render(
      <TestProviders auth={auth} client={client}>
        {ui}
      </TestProviders>,
    );
  }
  return router;
}

/** The JSON body of the n-th call to `METHOD /path` on a stubbed fetch. */
export function sentBody(fetchMock: { mock: { calls: unknown[][] } }, key: string, n = 0): unknown {
  const calls = fetchMock.mock.calls.filter(([input, init]) => {
    const url = new URL(String(input), 'http://localhost');
    return `${(init as RequestInit | undefined)?.method ?? 'GET'} ${url.pathname.replace(/^\/api\/v1/, '')}` === key;
  });
  const init = calls[n]?.[1] as RequestInit | undefined;
  return init?.body ? JSON.parse(String(init.body)) : undefined;
}

/** The URL of the n-th call to `METHOD /path`. */
export function sentUrl(fetchMock: { mock: { calls: unknown[][] } }, key: string, n = 0): URL | undefined {
  const calls = fetchMock.mock.calls.filter(([input, init]) => {
    const url = new URL(String(input), 'http://localhost');
    return `${(init as RequestInit | undefined)?.method ?? 'GET'} ${url.pathname.replace(/^\/api\/v1/, '')}` === key;
  });
  return calls[n] ? new URL(String(calls[n][0]), 'http://localhost') : undefined;
}

/** Fast typing: one change event (userEvent's per-key typing is slow under Chakra). */
export function typeIn(el: HTMLElement, value: string) {
  fireEvent.change(el, { target: { value } });
}

/** The input labelled `label` (tab panels are labelled too, so inputs only). */
export function input(label: RegExp | string): HTMLInputElement {
  return screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
}
