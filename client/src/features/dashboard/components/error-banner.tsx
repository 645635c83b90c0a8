import { Alert, CloseButton } from '@chakra-ui/react';

/** The dashboard's dismissable error banner. */
export function ErrorBanner({ message, onDismiss }: { message: string | null; onDismiss: () => void }) {
  if (!message) return null;
  return (
    <Alert.Root status="error" role="alert" data-testid="error-banner">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{message}</Alert.Title>
      </Alert.Content>
      <CloseButton size="sm" aria-label="Dismiss error" onClick={onDismiss} pos="relative" top="-1" insetEnd="-1" />
    </Alert.Root>
  );
}
