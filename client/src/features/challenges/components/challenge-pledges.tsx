import { Card, Heading, Stack, Text } from '@chakra-ui/react';
import { AsOfNote } from '@/components/ui/as-of-note';
import { LoadFailed, type LoadState } from '@/components/ui/load-failed';
import { formatWakeUpTime } from '@/lib/format';
import { formatINR } from '@/lib/money';
import type { Challenge } from '../api/types';
import { pledgesOf } from '../utils/challenge-rules';
import { formatCalendarDate } from '../utils/dates';

/** Challenge Pledges: the next pledge and the total still staked (`asOf`: not live). */
export function ChallengePledges({ challenges, today, load, asOf }: { challenges: Challenge[]; today: string; load?: LoadState; asOf?: string }) {
  const { next, total, count } = pledgesOf(challenges, today);
  return (
    <Card.Root h="full">
      <Card.Header>
        <Heading as="h2" size="md">
          Challenge Pledges
        </Heading>
        <AsOfNote asOf={asOf} />
      </Card.Header>
      <Card.Body>
        {load?.failed ? (
          <LoadFailed message="We couldn't load your pledges." onRetry={load.retry} retrying={load.retrying} />
        ) : (
          <Stack gap={4}>
            <Stack gap={0}>
              <Text fontSize="sm" color="fg.muted">
                Next pledge
              </Text>
              {next ? (
                <Text fontWeight="semibold" data-testid="next-pledge">
                  {formatINR(next.forfeitAmount)} on {formatCalendarDate(next.challengeDate)} at {formatWakeUpTime(next.wakeUpTime)} IST
                </Text>
              ) : (
                <Text fontWeight="semibold">None</Text>
              )}
            </Stack>
            <Stack gap={0}>
              <Text fontSize="sm" color="fg.muted">
                Total pledged
              </Text>
              <Text fontSize="2xl" fontWeight="bold" data-testid="total-pledged">
                {formatINR(total)}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                across {count} pending challenge{count === 1 ? '' : 's'}
              </Text>
            </Stack>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
