import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface InfoDialogProps {
  open: boolean;
  onClose(): void;
  title: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** Buttons shown before Close. */
  actions?: ReactNode;
  children: ReactNode;
}

/** A read-only dialog: title, scrollable body, and Close (button, corner ✕, Escape or backdrop). */
export function InfoDialog({ open, onClose, title, size = 'lg', actions, children }: InfoDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} size={size} placement="center" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer>
              {actions}
              <Button colorPalette="brand" onClick={onClose}>
                Close
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
