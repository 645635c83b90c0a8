import { DataList, Link, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { paths } from '@/config/paths';
import { useRules } from '@/lib/config';
import { formatWakeUpTime } from '@/lib/format';
import { formatINR } from '@/lib/money';
import { poolPreviewQueryOptions, type PoolPreview } from '../api/pool-preview';
import { refundOf } from '../utils/challenge-rules';
import { formatCalendarDate } from '../utils/dates';
import { NO_CHARITY_DESTINATION } from '@/lib/stake-rules';
import { missionWord } from '@/lib/missions';

export interface StakeReview {
  date: string;
  today: string;
  wakeUpTime: string;
  window: { opens: string; closes: string };
  forfeit: number;
  /** pledge mode: where a miss's forfeit goes (no winnings, no pool) */
  pledge: boolean;
  charityName?: string;
  /** the proof level chosen (NONE when absent); the pool shown is that proof's pool */
  proof?: 'NONE' | 'PHOTO';
  /** the wake mission chosen (NONE when absent) */
  mission?: string;
}

export interface ReviewStakeDialogProps {
  review: StakeReview | null;
  submitting: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

const players = (n: number) => `${n} ${n === 1 ? 'player' : 'players'}`;

/**
 * A rough share of that morning's pool if it ended now and this stake woke: the pool so far split pro rata over
 * the stakes already booked plus this one (everyone booked counted as a winner, so it is the low end). Rupees, floored to
 * the paisa.
 */
export function estimatedShare(pool: Pick<PoolPreview, 'pool' | 'totalStaked'>, forfeit: number): number {
  const poolPaise = Math.round(pool.pool * 100);
  const stakes = Math.round(pool.totalStaked * 100) + Math.round(forfeit * 100);
  if (poolPaise <= 0 || stakes <= 0) return 0;
  return Math.floor((poolPaise * Math.round(forfeit * 100)) / stakes) / 100;
}

/** What staking means, in one look, before the money moves; the pool figures come from GET /challenges/pool. */
export function ReviewStakeDialog({ review, submitting, onConfirm, onClose }: ReviewStakeDialogProps) {
  const open = review !== null;
  const rules = useRules();
  // The morning being staked, not today's
  const proof = review?.proof ?? 'NONE';
  const morning = useQuery({ ...poolPreviewQueryOptions(review?.date ?? '', proof), enabled: open && !!review?.date });
  if (!review) return null;

  const back = refundOf(review.forfeit, rules);
  const kept = Math.round((review.forfeit - back) * 100) / 100;
  const sameDay = review.date === review.today;
  const charity = review.charityName ?? NO_CHARITY_DESTINATION;
  const pct = rules.missRefundPercent;
  const facts: { label: string; value: string; testId?: string }[] = [
    { label: 'Date', value: `${formatCalendarDate(review.date)}${sameDay ? ' (today)' : ''}` },
    { label: 'Wake-up time', value: `${formatWakeUpTime(review.wakeUpTime)} IST` },
    { label: 'Check-in window', value: `${formatWakeUpTime(review.window.opens)} – ${formatWakeUpTime(review.window.closes)} IST` },
    { label: 'Stake', value: formatINR(review.forfeit) },
    {
      label: 'Proof',
      value: proof === 'PHOTO' ? 'Photo proof — a new photo at check-in, reviewed by people with nothing to gain' : 'No proof — just check in',
      testId: 'review-proof',
    },
    ...(review.mission && review.mission !== 'NONE' ? [{ label: 'Wake-up mission', value: missionWord(review.mission), testId: 'review-mission' }] : []),
    {
      label: 'If you wake up',
      value: review.pledge
        ? `Your ${formatINR(review.forfeit)} comes back in full.`
        : `Your ${formatINR(review.forfeit)} comes back with a share of the pool (what those who miss leave), credited by 3 PM.`,
    },
    {
      label: 'If you miss',
      value: review.pledge
        ? `${formatINR(back)} (${pct}%) comes back; ${formatINR(kept)} is donated to ${charity}.`
        : `${formatINR(back)} (${pct}%) comes back by 3 PM; ${formatINR(kept)} goes to the pool for those who woke up.`,
    },
  ];
  const when = sameDay ? 'this morning' : `on ${formatCalendarDate(review.date)}`;
  const loading = morning.isError ? 'Unavailable' : 'Loading...';
  facts.push({
    label: `${review.pledge ? 'Donations' : proof === 'PHOTO' ? 'Photo-proof pool' : 'Pool'} so far ${when}`,
    value: morning.data ? `${formatINR(morning.data.pool)} from ${players(morning.data.players)}` : loading,
    testId: 'review-morning-pool',
  });
  if (!review.pledge) {
    facts.push({
      label: 'Your share if it ended now',
      value: morning.data ? `about ${formatINR(estimatedShare(morning.data, review.forfeit))} on top of your stake` : loading,
      testId: 'review-estimated-share',
    });
  }
  facts.push(
    {
      label: 'If everyone wakes up',
      value: review.pledge ? 'Everyone gets their stake back; nothing is donated.' : 'Nobody wins extra; everyone gets their stake back.',
      testId: 'review-everyone-wakes',
    },
    {
      label: 'If nobody wakes up',
      value: review.pledge
        ? `Everyone gets ${pct}% back; the rest of each stake is donated to the charity its owner picked.`
        : `Everyone gets ${pct}% back; the pool goes to WakeStake, as there is nobody to share it.`,
      testId: 'review-nobody-wakes',
    },
  );

  return (
    <ConfirmDialog
      open={open}
      title="Review your stake"
      cancelLabel="Back"
      confirmLabel={`Confirm and stake ${formatINR(review.forfeit)}`}
      confirmPalette="brand"
      onConfirm={onConfirm}
      onClose={onClose}
      busy={submitting}
      busyText="Staking..."
    >
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
        <Text fontSize="sm">
          <Link asChild color="brand.fg" textDecoration="underline">
            <RouterLink to={`${paths.help}#example`} target="_blank">
              See a worked example
            </RouterLink>
          </Link>
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {formatINR(review.forfeit)} leaves your wallet now.{' '}
          {sameDay ? 'A challenge for today cannot be cancelled.' : 'You can cancel for a full refund until 11:59 PM the night before.'}
        </Text>
      </Stack>
    </ConfirmDialog>
  );
}
