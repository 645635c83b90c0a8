import { Badge, Box, HStack, Stack, Text } from '@chakra-ui/react';
import { LinesSkeleton } from '@/components/ui/lines-skeleton';
import { ListCard } from '@/components/ui/list-card';
import { LoadFailed, type LoadState } from '@/components/ui/load-failed';
import { formatWakeUpTime } from '@/lib/format';
import { formatINR } from '@/lib/money';
import type { Challenge } from '../api/types';
import { forfeitLostOf, HISTORY_ALL_LIMIT, HISTORY_LIMIT, historyLabel, isForgiven } from '../utils/challenge-rules';
import { formatCalendarDate } from '../utils/dates';
import { appealDeadline, isMiss, MissAppeal } from './miss-appeal';

/** Challenge History: COMPLETED and PROCESSED, newest first, 5 entries; View All shows up to 50. */
export function ChallengeHistory({ history, loading, load }: { history: Challenge[]; loading?: boolean; load?: LoadState }) {
  return (
    <ListCard title="Challenge History" count={history.length} limit={HISTORY_LIMIT}>
      {(all) =>
        load?.failed ? (
          <LoadFailed message="We couldn't load your challenge history." onRetry={load.retry} retrying={load.retrying} />
        ) : loading && !history.length ? (
          <LinesSkeleton label="Loading your challenge history..." testId="history-loading" />
        ) : history.length === 0 ? (
          <Text color="fg.muted">No finished challenges yet.</Text>
        ) : (
          <Box as="ul" listStyleType="none" maxH={all ? '96' : undefined} overflowY={all ? 'auto' : undefined} tabIndex={all ? 0 : undefined} aria-label="Challenge history" data-testid="history-list">
            {history.slice(0, all ? HISTORY_ALL_LIMIT : HISTORY_LIMIT).map((c) => {
              const label = historyLabel(c);
              const forgiven = isForgiven(c);
              const amount = c.isSuccessful
                ? c.status === 'PROCESSED'
                  ? `+${formatINR(c.winningsAmount)}`
                  : 'Awaiting settlement'
                : forgiven
                  ? 'Full stake back'
                  : `−${formatINR(forfeitLostOf(c))}`;
              return (
                <Box as="li" key={c.id} py={3} borderBottomWidth="1px" borderColor="border" _last={{ borderBottomWidth: 0 }}>
                  <HStack justify="space-between" gap={3}>
                    <Stack gap={0}>
                      <Text fontWeight="semibold">{formatCalendarDate(c.challengeDate)}</Text>
                      <Text fontSize="sm" color="fg.muted">
                        {formatWakeUpTime(c.wakeUpTime)} IST · {formatINR(c.forfeitAmount)} staked
                        {c.failureReason ? ` · ${c.failureReason}` : ''}
                      </Text>
                      {forgiven ? (
                        <Text fontSize="sm" data-testid="forgiven-reason">
                          {c.forgivenReason}
                        </Text>
                      ) : null}
                    </Stack>
                    <Stack gap={1} align="flex-end">
                      <Badge colorPalette={label === 'COMPLETED' ? 'green' : label === 'FORGIVEN' ? 'blue' : 'red'} variant="subtle">
                        {label}
                      </Badge>
                      <Text fontSize="sm">{amount}</Text>
                    </Stack>
                  </HStack>
                  {isMiss(c) && !forgiven ? (
                    <Box mt={2}>
                      <MissAppeal challengeId={c.id} deadline={appealDeadline(c)} label={formatCalendarDate(c.challengeDate)} />
                    </Box>
                  ) : null}
                </Box>
              );
            })}
          </Box>
        )
      }
    </ListCard>
  );
}
