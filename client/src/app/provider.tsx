import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { ConnectionBanner } from '@/components/ui/connection-banner';
import { ColorModeProvider } from '@/components/ui/color-mode';
import { getSystem } from '@/components/ui/theme';
import { Toaster } from '@/components/ui/toaster';
import { AuthProvider } from '@/lib/auth';
import { api, isApiError } from '@/lib/api-client';
import { getConnectivity, onReconnectTick, watchBrowserNetwork } from '@/lib/connectivity';

/** A 4xx will not change on a retry; anything else (5xx, timeout, offline) is asked again with backoff. */
export function shouldRetry(count: number, error: unknown): boolean {
  return !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 3;
}

/** 1 s, 2 s, 4 s, … at most 10 s. */
export const retryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 10_000);

/**
 * While the service is unreachable, reads that gave up are asked again on lib/connectivity's backoff; no reload. With none
 * (everything was in when the network went), GET /health asks instead: some answer must end the "reconnecting" state,
 * and it is the cheapest that is true only when the service works (503 while its database or Redis is down).
 */
function Reconnect({ client }: { client: QueryClient }) {
  useEffect(() => {
    const stopNetwork = watchBrowserNetwork();
    const stopTicks = onReconnectTick(() => {
      const failed = (q: { state: { status: string } }) => q.state.status === 'error';
      // A read already on its way (the session check asks on the same tick) is joined, not cancelled and sent again.
      if (client.getQueryCache().findAll({ type: 'active', predicate: failed }).length)
        void client.refetchQueries({ type: 'active', predicate: failed }, { cancelRefetch: false });
      else if (getConnectivity() !== 'online') void api.get('/health', { auth: false }).catch(() => undefined);
    });
    return () => {
      stopNetwork();
      stopTicks();
    };
  }, [client]);
  return null;
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: shouldRetry,
        retryDelay,
      },
    },
  });
}

export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <ChakraProvider value={getSystem()}>
      <ColorModeProvider>
        <QueryClientProvider client={client}>
          <AuthProvider>{children}</AuthProvider>
          <Reconnect client={client} />
          <ConnectionBanner />
          <Toaster />
        </QueryClientProvider>
      </ColorModeProvider>
    </ChakraProvider>
  );
}
