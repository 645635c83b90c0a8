import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { vi } from 'vitest';
import { ColorModeProvider } from '@/components/ui/color-mode';
import { getSystem } from '@/components/ui/theme';
import { AuthContext, type AuthContextValue } from '@/lib/auth/auth-provider';
import { isProfileComplete } from '@/lib/auth/profile-complete';

export { CARD_DATE, istOn, makeCardChallenge, makeChallenge, makeUser } from './api-fixtures';

/** A hand-set auth state, for testing guards and screens without the network. */
export function fakeAuth(overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  const user = overrides.user === undefined ? null : overrides.user;
  const isLoading = overrides.isLoading ?? false;
  return {
    user,
    isLoading,
    isAuthenticated: !!user && !isLoading,
    isProfileComplete: isProfileComplete(user),
    login: vi.fn(),
    register: vi.fn(),
    loginWithGoogle: vi.fn(),
    loginWithPasskey: vi.fn(),
    logout: vi.fn(async () => {}),
    refreshUser: vi.fn(async () => user),
    ...overrides,
  };
}

/** The tests' cache: no retries. Pass one in to look at what a screen wrote (the signed-in user's entry, meKey). */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

export function TestProviders({ children, auth, client: given }: { children: ReactNode; auth?: AuthContextValue; client?: QueryClient }) {
  const client = given ?? testQueryClient();
  return (
    <ChakraProvider value={getSystem()}>
      <ColorModeProvider>
        <QueryClientProvider client={client}>
          <AuthContext.Provider value={auth ?? fakeAuth()}>{children}</AuthContext.Provider>
        </QueryClientProvider>
      </ColorModeProvider>
    </ChakraProvider>
  );
}

export function renderWithProviders(ui: ReactElement, options: { auth?: AuthContextValue; client?: QueryClient } = {}) {
  return render(
    <TestProviders auth={options.auth} client={options.client}>
      {ui}
    </TestProviders>,
  );
}

/** A fetch stub answering JSON by "METHOD /path" (path after /api/v1). */
export function stubFetch(routes: Record<string, { status?: number; body?: unknown } | (() => never)>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname.replace(/^\/api\/v1/, '')}`;
    const route = routes[key];
    if (!route) return new Response(JSON.stringify({ success: false, statusCode: 404, error: 'Not Found' }), { status: 404 });
    if (typeof route === 'function') return route();
    return new Response(route.body === undefined ? '' : JSON.stringify(route.body), {
      status: route.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
