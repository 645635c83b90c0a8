import { Button, CloseButton, Dialog, Portal, Text } from '@chakra-ui/react';
import { formatWakeUpTime } from '@/lib/format';
import { formatINR } from '@/lib/money';
import type { Challenge } from '../api/types';
import { formatCalendarDate } from '../utils/dates';

export interface CancelChallengeDialogProps {
  /** The challenge being cancelled; null closes the dialog. */
  challenge: Challenge | null;
  error: string | null;
  cancelling: boolean;
  onClose: () => void;
  onConfirm: () => void;
}

/** "Cancel this challenge?" confirmation (lazy-loaded by UpcomingChallenges on the first Cancel). */
export function CancelChallengeDialog({ challenge, error, cancelling, onClose, onConfirm }: CancelChallengeDialogProps) {
  return (
    <Dialog.Root open={!!challenge} onOpenChange={(e) => !e.open && onClose()} placement="center" role="alertdialog">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Cancel this challenge?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {challenge ? (
                <Text>
                  Your challenge for {formatCalendarDate(challenge.challengeDate)} at {formatWakeUpTime(challenge.wakeUpTime)}{' '}
                  IST will be cancelled and the {formatINR(challenge.forfeitAmount)} stake returned to your wallet in full.
                </Text>
              ) : null}
              {error ? (
                <Text mt={3} color="fg.error" role="alert">
                  {error}
                </Text>
              ) : null}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                Keep It
              </Button>
              <Button colorPalette="red" onClick={onConfirm} loading={cancelling}>
                Cancel Challenge
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
