import { Alert } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** An inline message under a form; errors are announced (role=alert), others politely. */
export function FormAlert({ status, title, children }: { status: 'error' | 'success' | 'info' | 'warning'; title?: ReactNode; children?: ReactNode }) {
  return (
    <Alert.Root status={status} role={status === 'error' ? 'alert' : 'status'}>
      <Alert.Indicator />
      <Alert.Content>
        {title ? <Alert.Title>{title}</Alert.Title> : null}
        {children ? <Alert.Description>{children}</Alert.Description> : null}
      </Alert.Content>
    </Alert.Root>
  );
}
