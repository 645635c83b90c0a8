import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  /** The button that backs out ("Keep plan", "Back"); it closes the dialog like ✕, Escape or the backdrop. */
  cancelLabel: string;
  confirmLabel: ReactNode;
  onConfirm(): void;
  onClose(): void;
  /** The confirmed action is in flight: the confirm button spins and the dialog cannot be closed meanwhile. */
  busy?: boolean;
  busyText?: string;
  confirmPalette?: 'red' | 'brand';
  confirmDisabled?: boolean;
  testId?: string;
}

/** An alertdialog asking before something that cannot be undone: title, body, a way back and the action. */
export function ConfirmDialog({
  open,
  title,
  children,
  cancelLabel,
  confirmLabel,
  onConfirm,
  onClose,
  busy = false,
  busyText,
  confirmPalette = 'red',
  confirmDisabled,
  testId,
}: ConfirmDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && !busy && onClose()} placement="center" role="alertdialog">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={busy}>
                {cancelLabel}
              </Button>
              <Button colorPalette={confirmPalette} onClick={onConfirm} loading={busy} loadingText={busyText} disabled={confirmDisabled}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" disabled={busy} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
