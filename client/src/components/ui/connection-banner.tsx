import { Box, Text } from '@chakra-ui/react';
import { useSyncExternalStore } from 'react';
import { getConnectivity, subscribeConnectivity, type Connectivity } from '@/lib/connectivity';

export const connectionWords: Record<Exclude<Connectivity, 'online'>, string> = {
  offline: 'Offline — reconnecting…',
  unreachable: 'Can’t reach WakeStake — retrying',
};

export function useConnectivity(): Connectivity {
  return useSyncExternalStore(subscribeConnectivity, getConnectivity, () => 'online');
}

/** While the service does not answer, a small bar says so; you stay signed in and it goes by itself. */
export function ConnectionBanner() {
  const state = useConnectivity();
  if (state === 'online') return null;
  return (
    <Box
      role="status"
      aria-live="polite"
      data-testid="connection-banner"
      data-state={state}
      position="fixed"
      insetX={0}
      bottom={0}
      zIndex="banner"
      bg="gray.800"
      color="white"
      px={4}
      py={2}
      textAlign="center"
    >
      <Text fontSize="sm" fontWeight="medium">
        {connectionWords[state]}
      </Text>
      <Text fontSize="xs" opacity={0.85}>
        You’re still signed in. We’ll pick up where you left off.
      </Text>
    </Box>
  );
}
