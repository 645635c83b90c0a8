import { Badge, Box, Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { AsOfNote } from '@/components/ui/as-of-note';
import { LinesSkeleton } from '@/components/ui/lines-skeleton';
import { LoadFailed, type LoadState } from '@/components/ui/load-failed';
import { formatWakeUpTime } from '@/lib/format';
import { formatINR } from '@/lib/money';
import type { Challenge } from '../api/types';
import { cancelFailureWords } from '../hooks/use-challenges';
import { canCancel, upcomingChallenges, UPCOMING_LIMIT } from '../utils/challenge-rules';
import { formatCalendarDate } from '../utils/dates';

const CancelChallengeDialog = lazy(() => import('./cancel-challenge-dialog').then((m) => ({ default: m.CancelChallengeDialog })));

export interface UpcomingChallengesProps {
  /** PENDING challenges (any order). */
  challenges: Challenge[];
  today: string;
  loading?: boolean;
  load?: LoadState;
  /** the list is not live ("as of 6:31 AM") */
  asOf?: string;
  onCancel: (challenge: Challenge) => Promise<unknown>;
  /** more actions on a challenge, composed in by the app layer (e.g. "Use a shield") */
  actions?: (challenge: Challenge) => ReactNode;
}

/** Upcoming Challenges: up to 5, scrollable, Cancel until the night before (SPEC.md sections 2 and 4). */
export function UpcomingChallenges({ challenges, today, loading, load, asOf, onCancel, actions }: UpcomingChallengesProps) {
  const list = upcomingChallenges(challenges, today, UPCOMING_LIMIT);
  const [confirming, setConfirming] = useState<Challenge | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Stays mounted after the first open so the dialog can animate out.
  const [dialogMounted, setDialogMounted] = useState(false);

  const confirm = async () => {
    if (!confirming) return;
    setCancelling(true);
    setError(null);
    try {
      await onCancel(confirming);
      setConfirming(null);
    } catch (e) {
      setError(cancelFailureWords(e));
    } finally {
      setCancelling(false);
    }
  };

  return (
    <Card.Root h="full">
      <Card.Header>
        <Heading as="h2" size="md">
          Upcoming Challenges
        </Heading>
        <AsOfNote asOf={asOf} />
      </Card.Header>
      <Card.Body>
        {load?.failed ? (
          <LoadFailed message="We couldn't load your upcoming challenges." onRetry={load.retry} retrying={load.retrying} />
        ) : loading && !list.length ? (
          <LinesSkeleton label="Loading upcoming challenges..." testId="upcoming-loading" />
        ) : list.length === 0 ? (
          <Text color="fg.muted">No upcoming challenges. Create one to get started.</Text>
        ) : (
          <Box as="ul" listStyleType="none" maxH="72" overflowY="auto" tabIndex={0} aria-label="Upcoming challenges list" data-testid="upcoming-list">
            {list.map((c) => (
              <Box as="li" key={c.id} py={3} borderBottomWidth="1px" borderColor="border" _last={{ borderBottomWidth: 0 }}>
                <HStack justify="space-between" gap={3}>
                  <Stack gap={0}>
                    <Text fontWeight="semibold">{formatCalendarDate(c.challengeDate)}</Text>
                    <Text fontSize="sm" color="fg.muted">
                      {formatWakeUpTime(c.wakeUpTime)} IST · {formatINR(c.forfeitAmount)} staked
                    </Text>
                  </Stack>
                  <HStack gap={2}>
                    {actions?.(c)}
                    {canCancel(c, today) ? (
                      <Button
                        size="sm"
                        variant="outline"
                        colorPalette="red"
                        aria-label={`Cancel challenge on ${formatCalendarDate(c.challengeDate)}`}
                        onClick={() => {
                          setError(null);
                          setConfirming(c);
                          setDialogMounted(true);
                        }}
                      >
                        Cancel
                      </Button>
                    ) : (
                      <Badge variant="subtle" colorPalette="gray" title="Cancellation closes at 11:59 PM the night before">
                        Locked
                      </Badge>
                    )}
                  </HStack>
                </HStack>
              </Box>
            ))}
          </Box>
        )}
      </Card.Body>

      {/* The confirmation dialog (Chakra Dialog, portal, presence) loads on the first Cancel: it is not on the first screen. */}
      {dialogMounted ? (
        <Suspense fallback={null}>
          <CancelChallengeDialog
            challenge={confirming}
            error={error}
            cancelling={cancelling}
            onClose={() => setConfirming(null)}
            onConfirm={() => void confirm()}
          />
        </Suspense>
      ) : null}
    </Card.Root>
  );
}
