import { Alert, Box, Button, Card, Container, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { formatISTTime, formatWakeUpTime } from '@/lib/format';
import { formatINR } from '@/lib/money';
import { proofWord } from '@/lib/status-words';
import type { Challenge } from '../api/types';
import { useBookableDates, useChallengeHistory, usePendingChallenges } from '../hooks/use-challenge-queries';
import { useWalletBalance } from '../hooks/use-wallet-balance';
import { useReadyOrAfter } from '@/components/ui/stages';
import { useRules } from '@/lib/config';
import { formatCalendarDate } from '../utils/dates';
import { CreateChallengeForm } from './create-challenge-form';

/**
 * /challenge: Set Your Challenge, the same form and rules as the modal, creating a real challenge. `referee` renders the
 * referee controls for the latest check-ins (the groups feature's, put here by the app).
 */
export function ChallengePage({ referee }: { referee?: (history: Challenge[]) => ReactNode }) {
  const [created, setCreated] = useState<Challenge | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const navigate = useNavigate();
  const history = useChallengeHistory();
  const rules = useRules();
  // The form renders once its balance, bookings and free dates are in (main.tsx asked for them with the code), in one
  // time-sliced render, instead of once per answer with the alerts and notes above its fields appearing one by one.
  const wallet = useWalletBalance();
  const pending = usePendingChallenges();
  const bookable = useBookableDates();
  const formShown = useReadyOrAfter(!wallet.isPending && !pending.isPending && !bookable.isPending, 1500);

  return (
    <Container maxW="2xl" py={{ base: 8, md: 12 }}>
      <Heading as="h1" size="2xl">
        Set Your Challenge
      </Heading>
      <Text mt={2} color="fg.muted">
        Pick a day and a wake-up time, stake a forfeit, and check in between {rules.checkIn.minutesBefore} minutes before and {rules.checkIn.minutesAfter}{' '}
        minutes after it. Times are India Standard Time.
      </Text>

      {created ? (
        <Card.Root mt={8} data-testid="challenge-created">
          <Card.Body>
            <Stack gap={3}>
              <Heading as="h2" size="lg">
                Challenge created
              </Heading>
              <Text>
                Wake up by <strong>{formatWakeUpTime(created.wakeUpTime)} IST</strong> on <strong>{formatCalendarDate(created.challengeDate)}</strong>.
              </Text>
              <Text>
                Check-in window: {formatISTTime(created.gracePeriodStartTime)} – {formatISTTime(created.gracePeriodEndTime)} IST
              </Text>
              <Text>Forfeit staked: {formatINR(created.forfeitAmount)}</Text>
              <Text data-testid="created-proof">Proof: {proofWord(created.proof)}</Text>
              <HStack gap={3} pt={2} wrap="wrap">
                <Button asChild colorPalette="brand">
                  <RouterLink to={paths.dashboard}>Go to Dashboard</RouterLink>
                </Button>
                <Button variant="outline" onClick={() => setCreated(null)}>
                  Set Another Challenge
                </Button>
              </HStack>
            </Stack>
          </Card.Body>
        </Card.Root>
      ) : (
        <Card.Root mt={8}>
          <Card.Body>
            {notice ? (
              <Alert.Root status="error" mb={4} role="alert">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>{notice}</Alert.Title>
                  <Alert.Description>
                    <Button size="xs" mt={2} colorPalette="brand" onClick={() => navigate(paths.dashboard, { state: { addFunds: true, notice } })}>
                      Add Funds
                    </Button>
                  </Alert.Description>
                </Alert.Content>
              </Alert.Root>
            ) : null}
            <Box>
              {formShown ? (
                <CreateChallengeForm onCreated={setCreated} onInsufficientBalance={setNotice} />
              ) : (
                // holds what comes below the form under the fold until it renders (no layout shift)
                <Box minH="100dvh" aria-hidden="true" />
              )}
            </Box>
          </Card.Body>
        </Card.Root>
      )}

      {/* the latest photo check-ins, each with "Ask my referee" or its answer (nothing without a referee) */}
      <Box mt={8}>{referee?.(history.data ?? [])}</Box>
    </Container>
  );
}
