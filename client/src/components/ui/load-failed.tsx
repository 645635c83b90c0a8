import { Alert, Button, HStack, Text } from '@chakra-ui/react';

/** A query's first load, as the screens need it: failed (nothing held), a retry in flight, and the retry. */
export interface LoadState {
  failed: boolean;
  retrying: boolean;
  retry: () => unknown;
}

/** From a react-query result: failed only while it holds no data (a failed refresh keeps showing the data held). */
export function loadStateOf(q: { isError: boolean; data: unknown; isFetching: boolean; refetch: () => unknown }): LoadState {
  return { failed: q.isError && q.data === undefined, retrying: q.isFetching, retry: () => q.refetch() };
}

export interface LoadFailedProps {
  /** What could not be loaded, as a sentence: "We couldn't load your balance." */
  message: string;
  onRetry: () => unknown;
  retrying?: boolean;
}

/** A failed load, said as such (never shown as an empty list or a zero), with a Retry. */
export function LoadFailed({ message, onRetry, retrying }: LoadFailedProps) {
  return (
    <Alert.Root status="error" role="alert" data-testid="load-failed">
      <Alert.Indicator />
      <HStack flex="1" justify="space-between" wrap="wrap" gap={2}>
        <Alert.Title fontWeight="normal">{message}</Alert.Title>
        <Button size="sm" variant="outline" onClick={() => void onRetry()} loading={retrying} loadingText="Retrying…">
          Retry
        </Button>
      </HStack>
    </Alert.Root>
  );
}

/** A failed load of one line inside a card (not the card's own data): a sentence and a small Retry, said politely (no alert box). */
export function LoadFailedLine({ message, onRetry, retrying, testId }: LoadFailedProps & { testId?: string }) {
  return (
    <HStack gap={2} wrap="wrap" fontSize="sm" role="status" data-testid={testId ?? 'load-failed-line'}>
      <Text color="fg.muted">{message}</Text>
      <Button size="xs" variant="outline" onClick={() => void onRetry()} loading={retrying} loadingText="Retrying…">
        Retry
      </Button>
    </HStack>
  );
}
