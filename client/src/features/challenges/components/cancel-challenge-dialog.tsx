import { Text } from '@chakra-ui/react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
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
    <ConfirmDialog
      open={!!challenge}
      title="Cancel this challenge?"
      cancelLabel="Keep It"
      confirmLabel="Cancel Challenge"
      onConfirm={onConfirm}
      onClose={onClose}
      busy={cancelling}
    >
      {challenge ? (
        <Text>
          Your challenge for {formatCalendarDate(challenge.challengeDate)} at {formatWakeUpTime(challenge.wakeUpTime)} IST will be cancelled and the{' '}
          {formatINR(challenge.forfeitAmount)} stake returned to your wallet in full.
        </Text>
      ) : null}
      {error ? (
        <Text mt={3} color="fg.error" role="alert">
          {error}
        </Text>
      ) : null}
    </ConfirmDialog>
  );
}
