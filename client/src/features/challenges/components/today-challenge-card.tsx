import { Badge, Box, Button, Card, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { CameraCapture } from '@/components/ui/camera-capture';
import { AsOfNote } from '@/components/ui/as-of-note';
import { LoadFailed, LoadFailedLine } from '@/components/ui/load-failed';
import { paths } from '@/config/paths';
import { useAppConfig, useRules } from '@/lib/config';
import { MissionGate } from './mission-gate';
import { missionWord } from '@/lib/missions';
import { formatISTTime, formatWakeUpTime } from '@/lib/format';
import { formatINR } from '@/lib/money';
import { settledWords } from '@/lib/money-words';
import { useSavedAsOf } from '@/lib/use-last-dashboard';
import { challengeStatusWord, isUsedPhotoRefusal, proofStatusWord, proofWord, usedPhotoWords } from '@/lib/status-words';
import { LinesSkeleton } from '@/components/ui/lines-skeleton';
import { poolPreviewQueryOptions } from '../api/pool-preview';
import type { Challenge } from '../api/types';
import { cardLabel, cardState, forfeitLostOf, refundOf, windowOf, type CardState } from '../utils/challenge-rules';
import { formatCountdown, todayIST } from '../utils/dates';
import { checkInWords, minutesLeftWords, type CheckInProgress } from '../utils/check-in';

export interface TodayChallengeCardProps {
  challenge: Challenge | null;
  now: Date;
  loading?: boolean;
  /** Today's challenges could not be loaded: an error with Retry instead of "no challenge". */
  failed?: boolean;
  retrying?: boolean;
  onRetry?: () => unknown;
  busy?: boolean;
  onCheckIn: (photo: File | null) => Promise<unknown>;
  /** Where the tap's check-in stands (retries, a refusal, a window that closed on our failures). */
  checkIn?: CheckInProgress;
  /** Opens the day's settlement receipt ("how your winnings were computed"). */
  onShowReceipt?: (date: string) => void;
  /** Today's challenge is not live (the copy kept on the phone, or held while offline): "as of 6:31 AM". */
  asOf?: string;
  /** The referee controls for today's check-in ("Ask my referee", then the answer): the groups feature's, put here by the app. */
  referee?: ReactNode;
}

const palette: Record<CardState, string> = {
  NONE: 'gray',
  BEFORE_WINDOW: 'yellow',
  IN_WINDOW: 'orange',
  WINDOW_CLOSED: 'gray',
  SUCCESS: 'green',
  FAILED: 'red',
};

/** Today's Challenge card: every state and label of SPEC.md section 4. */
export function TodayChallengeCard({
  challenge,
  now,
  loading,
  failed,
  retrying,
  onRetry,
  busy,
  onCheckIn,
  checkIn,
  onShowReceipt,
  asOf,
  referee,
}: TodayChallengeCardProps) {
  const state = cardState(challenge, now);
  const label = cardLabel(state);
  const [photo, setPhoto] = useState<File | null>(null);
  // a PHOTO morning is checked in with a new photo taken in the app; no photo, no Check In button
  const photoProof = challenge?.proof === 'PHOTO';
  const [sentPhoto, setSentPhoto] = useState<File | null>(null);
  const usedRefusal = photoProof && checkIn?.phase === 'refused' && isUsedPhotoRefusal(checkIn.message);
  // the photo on screen is the one just refused as seen before
  const usedPhoto = usedRefusal && photo !== null && photo === sentPhoto;

  // One tap: the store retries it by itself and `checkIn` says how it goes (never a raw server error here).
  const tapCheckIn = async () => {
    setSentPhoto(photo);
    try {
      await onCheckIn(photo);
      setPhoto(null);
    } catch {
      // said by `checkIn` (a refusal, or the window closing on our failures)
    }
  };

  return (
    <Card.Root size={{ base: 'sm', md: 'md' }} data-testid="today-card" data-state={state} borderColor={`${palette[state]}.muted`} borderWidth="2px">
      <Card.Header>
        <HStack justify="space-between" wrap="wrap" gap={2}>
          <Heading as="h2" size="md">
            Today&apos;s Challenge
          </Heading>
          {challenge ? (
            <Badge colorPalette={palette[state]} variant="subtle" data-status={challenge.status}>
              {challengeStatusWord(challenge)}
            </Badge>
          ) : null}
        </HStack>
        <AsOfNote asOf={asOf} />
      </Card.Header>
      <Card.Body>
        {failed && !challenge ? (
          <LoadFailed message="We couldn't load today's challenge." onRetry={() => onRetry?.()} retrying={retrying} />
        ) : loading && !challenge ? (
          <LinesSkeleton label="Loading today's challenge..." lines={2} height="10" testId="today-loading" />
        ) : (
          <Stack gap={3}>
            <Text fontSize={{ base: 'xl', md: '2xl' }} fontWeight="bold" data-testid="today-label">
              {label}
            </Text>
            {/* In the window the action comes first (a phone shows it without scrolling); the facts follow */}
            {state === 'IN_WINDOW' ? (
              <>
                <StateBody state={state} challenge={challenge} now={now} busy={busy} onShowReceipt={onShowReceipt} />
                {/* a wake mission (when chosen) comes before the check-in */}
                <MissionGate key={challenge?.id} mission={missionOf(challenge)}>
                  {photoProof ? (
                    <Stack gap={3} data-testid="photo-check-in">
                      <Text fontSize="sm">This morning needs a photo taken now: it is checked by people with nothing to gain.</Text>
                      <CameraCapture label="Your photo of this morning (taken now)" value={photo} onChange={setPhoto} disabled={busy} />
                      {photo && !usedPhoto ? (
                        <Button colorPalette="brand" size="lg" onClick={() => void tapCheckIn()} loading={busy} loadingText="Checking in...">
                          Check in with this photo
                        </Button>
                      ) : null}
                    </Stack>
                  ) : (
                    <Stack gap={3}>
                      <Button colorPalette="brand" size="lg" onClick={() => void tapCheckIn()} loading={busy} loadingText="Checking in...">
                        Check In
                      </Button>
                      <CameraCapture label="Selfie (optional, JPEG or PNG up to 5 MB)" value={photo} onChange={setPhoto} disabled={busy} />
                    </Stack>
                  )}
                </MissionGate>
              </>
            ) : null}
            {challenge ? <ChallengeFacts challenge={challenge} /> : null}
            {state !== 'IN_WINDOW' ? <StateBody state={state} challenge={challenge} now={now} busy={busy} onShowReceipt={onShowReceipt} /> : null}
            {/* after a photo check-in, "Ask my referee" (with a referee named), then the answer */}
            {challenge ? referee : null}
            <TodayPool date={todayIST(now)} pledge={challenge ? challenge.poolMode === 'pledge' : undefined} proof={photoProof ? 'PHOTO' : 'NONE'} />
            {usedRefusal && state === 'IN_WINDOW' && (usedPhoto || !photo) ? (
              <Stack gap={2} role="alert" data-testid="check-in-progress" borderLeftWidth="3px" borderColor="orange.solid" pl={3}>
                <Text>{usedPhotoWords}</Text>
                {usedPhoto ? (
                  <Button variant="outline" alignSelf="flex-start" onClick={() => setPhoto(null)}>
                    Take a new photo
                  </Button>
                ) : null}
              </Stack>
            ) : (
              <CheckInStatus progress={checkIn} challenge={challenge} now={now} />
            )}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** The wake mission the server answers (NONE when absent). */
const missionOf = (c: Challenge | null): string => (c as { mission?: string } | null)?.mission ?? 'NONE';

/** The tap's check-in in plain words, on the card. */
function CheckInStatus({ progress, challenge, now }: { progress?: CheckInProgress; challenge: Challenge | null; now: Date }) {
  if (!progress || progress.phase === 'idle' || progress.phase === 'sending') return null;
  if (progress.phase === 'retrying') {
    const left = challenge ? ` · ${minutesLeftWords(windowOf(challenge).closesAt, now.getTime())}` : '';
    return (
      <Text role="status" fontWeight="semibold" color="orange.fg" data-testid="check-in-progress">
        {checkInWords.retrying}
        {left}
      </Text>
    );
  }
  if (progress.phase === 'refused') {
    return (
      <Text color="fg.error" role="alert" data-testid="check-in-progress">
        {progress.message ?? checkInWords.refusedFallback}
      </Text>
    );
  }
  return (
    <Stack gap={1} role="alert" data-testid="check-in-progress" borderLeftWidth="3px" borderColor="orange.solid" pl={3}>
      <Text fontWeight="semibold">{checkInWords.gaveUpTitle}</Text>
      <Text>{checkInWords.gaveUpCovered}</Text>
      <Text>{checkInWords.gaveUpDispute}</Text>
    </Stack>
  );
}

/**
 * Who else plays this morning and what the misses have left so far (GET /challenges/pool). A failed
 * load says so with a Retry (one line: it is not the card's own data); figures held while offline say "as of".
 */
function TodayPool({ date, pledge, proof }: { date: string; pledge?: boolean; proof: 'NONE' | 'PHOTO' }) {
  const options = poolPreviewQueryOptions(date, proof);
  const pool = useQuery(options);
  const asOf = useSavedAsOf(options.queryKey);
  const config = useAppConfig().data;
  if (!pool.data) {
    return pool.isError ? (
      <LoadFailedLine message="We couldn't load today's pool." onRetry={() => pool.refetch()} retrying={pool.isFetching} testId="today-pool-failed" />
    ) : null;
  }
  const { players, pool: amount } = pool.data;
  // today's challenge knows its own mode; without one, the mode new challenges get
  const pledgeMode = pledge ?? config?.poolMode === 'pledge';
  return (
    <Text fontSize="sm" color="fg.muted" data-testid="today-pool">
      Today{proof === 'PHOTO' ? ' (photo proof)' : ''}: <strong>{players}</strong> {players === 1 ? 'player' : 'players'} ·{' '}
      {pledgeMode ? 'donated to charity so far' : 'pool so far'} <strong>{formatINR(amount)}</strong>
      {asOf ? ` (${asOf})` : null}
    </Text>
  );
}

function ChallengeFacts({ challenge }: { challenge: Challenge }) {
  return (
    <HStack gap={{ base: 3, md: 6 }} rowGap={1} wrap="wrap" fontSize="sm" color="fg.muted">
      <Text>
        Wake-up time: <strong>{formatWakeUpTime(challenge.wakeUpTime)} IST</strong>
      </Text>
      <Text>
        Forfeit: <strong>{formatINR(challenge.forfeitAmount)}</strong>
      </Text>
      <Text>
        Window: {formatISTTime(challenge.gracePeriodStartTime)} – {formatISTTime(challenge.gracePeriodEndTime)} IST
      </Text>
      <Text data-testid="today-proof" data-proof={challenge.proof ?? 'NONE'}>
        Proof: <strong>{proofWord(challenge.proof)}</strong>
      </Text>
      {missionOf(challenge) !== 'NONE' ? (
        <Text data-testid="today-mission">
          Mission: <strong>{missionWord(missionOf(challenge))}</strong>
        </Text>
      ) : null}
      {proofStatusWord(challenge) ? (
        <Text data-testid="today-proof-status" data-status={challenge.proofStatus ?? ''}>
          {proofStatusWord(challenge)}
        </Text>
      ) : null}
    </HStack>
  );
}

function StateBody({
  state,
  challenge,
  now,
  onShowReceipt,
}: {
  state: CardState;
  challenge: Challenge | null;
  now: Date;
  busy?: boolean;
  onShowReceipt?: (date: string) => void;
}) {
  const rules = useRules();
  if (!challenge || state === 'NONE') {
    return (
      <Box>
        <Text color="fg.muted">No challenge for today.</Text>
        <Link asChild color="brand.fg" fontWeight="medium">
          <RouterLink to={paths.challenge}>Set a challenge</RouterLink>
        </Link>
      </Box>
    );
  }
  const w = windowOf(challenge);
  const processed = challenge.status === 'PROCESSED';
  const receiptLink =
    processed && onShowReceipt ? (
      <Button variant="plain" color="brand.fg" textDecoration="underline" px={0} h="auto" onClick={() => onShowReceipt(challenge.challengeDate)}>
        {state === 'SUCCESS' ? 'How your winnings were computed' : 'How this was computed'}
      </Button>
    ) : null;

  switch (state) {
    case 'BEFORE_WINDOW':
      return (
        <Text data-testid="countdown" aria-live="off">
          Check-in opens in <strong>{formatCountdown(w.opensAt - now.getTime())}</strong> (at {formatISTTime(w.opensAt)} IST)
        </Text>
      );
    case 'IN_WINDOW':
      return (
        <Text>
          You can check in now. The window closes in <strong>{formatCountdown(w.closesAt - now.getTime())}</strong>.
        </Text>
      );
    case 'WINDOW_CLOSED':
      return <Text color="fg.muted">Completion window has closed. Check-in is locked; the challenge is closed as missed shortly.</Text>;
    case 'SUCCESS':
      return (
        <Stack gap={1}>
          <Text fontWeight="semibold">Congratulations! You woke up on time.</Text>
          {challenge.checkInTime ? <Text data-testid="checked-in-at">Checked in at {formatISTTime(challenge.checkInTime)}</Text> : null}
          {challenge.poolMode === 'pledge' ? (
            // pledge mode: nobody wins anyone's money; the stake simply comes back
            <Text data-testid="winnings-message">
              {processed
                ? `Your ${formatINR(challenge.forfeitAmount)} stake is back in your wallet.`
                : `Your ${formatINR(challenge.forfeitAmount)} stake comes back in full, credited by 3 PM.`}
            </Text>
          ) : processed ? (
            // the one vocabulary ("Stake back ₹25 · winnings ₹0"), never "You won" for a share of ₹0
            <Text data-testid="winnings-message">{settledWords(challenge)}, in your wallet.</Text>
          ) : (
            <Text data-testid="winnings-message">
              Your {formatINR(challenge.forfeitAmount)} stake comes back with your share of the pool, credited by 3 PM.
            </Text>
          )}
          {receiptLink}
        </Stack>
      );
    case 'FAILED': {
      const refund = refundOf(challenge.forfeitAmount, rules);
      return (
        <Stack gap={1}>
          <Text data-testid="refund-message">
            {processed
              ? `Settled: ${settledWords(challenge)}.`
              : `${formatINR(refund)} (${rules.missRefundPercent}% of your forfeit) will be refunded to your wallet by 3 PM.`}
          </Text>
          {challenge.failureReason ? <Text>Reason: {challenge.failureReason}</Text> : null}
          <Text>
            Actual forfeit: {formatINR(forfeitLostOf(challenge))}
            {challenge.poolMode === 'pledge' ? `, ${processed ? 'donated' : 'to be donated'} to ${challenge.donationTo ?? 'charity'}` : ''}
          </Text>
          {receiptLink}
        </Stack>
      );
    }
    default:
      return null;
  }
}
