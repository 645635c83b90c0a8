import { Button, CloseButton, DataList, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { formatWakeUpTime } from '@/lib/format';
import { formatINR } from '@/lib/money';
import { poolPreviewQueryOptions } from '../api/pool-preview';
import { refundOf } from '../utils/challenge-rules';
import { formatCalendarDate } from '../utils/dates';
import { NO_CHARITY_DESTINATION } from '@/lib/stake-rules';

export interface StakeReview {
  date: string;
  today: string;
  wakeUpTime: string;
  window: { opens: string; closes: string };
  forfeit: number;
  /** pledge mode: where a miss's forfeit goes (no winnings, no pool) */
  pledge: boolean;
  charityName?: string;
}

export interface ReviewStakeDialogProps {
  review: StakeReview | null;
  submitting: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

const players = (n: number) => `${n} ${n === 1 ? 'player' : 'players'}`;

/** Issue #20: what staking means, in one look, before the money moves; the pool figures come from GET /challenges/pool. */
export function ReviewStakeDialog({ review, submitting, onConfirm, onClose }: ReviewStakeDialogProps) {
  const open = review !== null;
  const today = useQuery({ ...poolPreviewQueryOptions(review?.today ?? ''), enabled: open });
  const morning = useQuery({ ...poolPreviewQueryOptions(review?.date ?? ''), enabled: open && review?.date !== review?.today });
  if (!review) return null;

  const back = refundOf(review.forfeit);
  const kept = Math.round((review.forfeit - back) * 100) / 100;
  const sameDay = review.date === review.today;
  const that = sameDay ? today : morning;
  const charity = review.charityName ?? NO_CHARITY_DESTINATION;
  const facts: { label: string; value: string; testId?: string }[] = [
    { label: 'Date', value: `${formatCalendarDate(review.date)}${sameDay ? ' (today)' : ''}` },
    { label: 'Wake-up time', value: `${formatWakeUpTime(review.wakeUpTime)} IST` },
    { label: 'Check-in window', value: `${formatWakeUpTime(review.window.opens)} – ${formatWakeUpTime(review.window.closes)} IST` },
    { label: 'Stake', value: formatINR(review.forfeit) },
    {
      label: 'If you wake up',
      value: review.pledge
        ? `Your ${formatINR(review.forfeit)} comes back in full.`
        : `Your ${formatINR(review.forfeit)} comes back with a share of the pool, credited by 3 PM.`,
    },
    {
      label: 'If you miss',
      value: review.pledge
        ? `${formatINR(back)} (85%) comes back; ${formatINR(kept)} is donated to ${charity}.`
        : `${formatINR(back)} (85%) comes back by 3 PM; ${formatINR(kept)} goes to the pool for those who woke up.`,
    },
  ];
  if (!sameDay) {
    facts.push({
      label: 'Staked on that morning so far',
      value: that.data ? players(that.data.players) : that.isError ? 'Unavailable' : 'Loading...',
      testId: 'review-morning-players',
    });
  }
  facts.push({
    label: review.pledge ? "Today's donations so far" : "Today's pool",
    value: today.data
      ? `${formatINR(today.data.pool)} from ${players(today.data.players)}`
      : today.isError
        ? 'Unavailable'
        : 'Loading...',
    testId: 'review-today-pool',
  });

  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && !submitting && onClose()} placement="center" role="alertdialog">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Review your stake</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap={4}>
                <DataList.Root orientation="horizontal" size="sm" gap={3}>
                  {facts.map((f) => (
                    <DataList.Item key={f.label} alignItems="flex-start">
                      <DataList.ItemLabel minW="9rem">{f.label}</DataList.ItemLabel>
                      <DataList.ItemValue data-testid={f.testId} fontWeight="medium">
                        {f.value}
                      </DataList.ItemValue>
                    </DataList.Item>
                  ))}
                </DataList.Root>
                <Text fontSize="sm" color="fg.muted">
                  {formatINR(review.forfeit)} leaves your wallet now.{' '}
                  {sameDay ? 'A challenge for today cannot be cancelled.' : 'You can cancel for a full refund until 11:59 PM the night before.'}
                </Text>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={submitting}>
                Back
              </Button>
              <Button colorPalette="brand" onClick={onConfirm} loading={submitting} loadingText="Staking...">
                Confirm and stake {formatINR(review.forfeit)}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" disabled={submitting} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
