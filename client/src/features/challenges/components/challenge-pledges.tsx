import { Card, Heading, Stack, Text } from '@chakra-ui/react';
import { formatINR, formatWakeUpTime } from '@/lib/format';
import type { Challenge } from '../api/types';
import { pledgesOf } from '../utils/challenge-rules';
import { formatCalendarDate } from '../utils/dates';

/** Challenge Pledges: the next pledge and the total still staked. */
export function ChallengePledges({ challenges, today }: { challenges: Challenge[]; today: string }) {
  const { next, total, count } = pledgesOf(challenges, today);
  return (
    <Card.Root h="full">
      <Card.Header>
        <Heading as="h2" size="md">
          Challenge Pledges
        </Heading>
      </Card.Header>
      <Card.Body>
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
      </Card.Body>
    </Card.Root>
  );
}
