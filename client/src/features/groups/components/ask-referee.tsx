import { Badge, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { LoadFailedLine } from '@/components/ui/load-failed';
import { askReferee, type RefereeRequest } from '../api/groups-api';
import { useGroupsMutation, useRefereeOverview } from '../hooks/use-groups';
import { longDateOf, problemText } from '../utils/outcomes';

/** What the referee controls need to know of a challenge (a `Challenge` of the challenges feature fits). */
export interface RefereeCheckIn {
  id: string;
  challengeDate: string;
  status: string;
  verificationMethod?: 'MANUAL' | 'PHOTO' | null;
  hasPhoto?: boolean;
}

/** The server's own rule (POST /groups/referee/requests): a photo check-in that was made (completed or settled). */
export const isPhotoCheckIn = (c: RefereeCheckIn) => c.verificationMethod === 'PHOTO' && !!c.hasPhoto && (c.status === 'COMPLETED' || c.status === 'PROCESSED');

const STATE = {
  PENDING: { palette: 'yellow', word: 'Asked' },
  CONFIRMED: { palette: 'green', word: 'Confirmed' },
  REJECTED: { palette: 'red', word: 'Rejected' },
} as const;

/** "Sent to Bala: waiting for an answer", "Confirmed by Bala", "Rejected by Bala: “Blurry”". */
export function refereeStateText(r: Pick<RefereeRequest, 'status' | 'refereeName' | 'note'>): string {
  const text = r.status === 'PENDING' ? `Sent to ${r.refereeName}: waiting for an answer` : `${STATE[r.status].word} by ${r.refereeName}`;
  return r.note ? `${text}: “${r.note}”` : text;
}

function RequestState({ request, withDate }: { request: RefereeRequest; withDate?: boolean }) {
  return (
    <HStack gap={2} wrap="wrap" data-testid="referee-state" data-status={request.status} role="status">
      <Badge colorPalette={STATE[request.status].palette} variant="subtle">
        {STATE[request.status].word}
      </Badge>
      <Text fontSize="sm">
        {withDate ? `${longDateOf(request.challengeDate)}: ` : ''}
        {refereeStateText(request)}
      </Text>
    </HStack>
  );
}

function AskOrState({
  challenge,
  request,
  refereeName,
  withDate,
}: {
  challenge: RefereeCheckIn;
  request?: RefereeRequest;
  refereeName: string | null;
  withDate?: boolean;
}) {
  const ask = useGroupsMutation(askReferee);
  const shown = request ?? ask.data;
  if (shown) return <RequestState request={shown} withDate={withDate} />;
  if (!refereeName) return null;
  return (
    <Stack gap={1}>
      <HStack gap={2} wrap="wrap">
        <Button
          size="sm"
          variant="outline"
          colorPalette="brand"
          loading={ask.isPending}
          loadingText="Asking..."
          onClick={() => ask.mutate(challenge.id)}
          aria-label={withDate ? `Ask my referee about ${longDateOf(challenge.challengeDate)}` : undefined}
        >
          Ask my referee
        </Button>
        <Text fontSize="sm" color="fg.muted">
          {withDate ? `${longDateOf(challenge.challengeDate)}: ` : ''}
          {refereeName} can confirm this photo check-in.
        </Text>
      </HStack>
      {ask.isError ? (
        <Text fontSize="sm" color="fg.error" role="alert">
          {problemText(ask.error)}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * Where the user checks in: "Ask my referee" under each photo check-in not yet sent, and afterwards the
 * request's state (asked, confirmed, rejected with the note). Nothing without a referee or a photo check-in; a failed
 * read of the referee's state says so with a Retry, never nothing.
 */
export function AskReferee({ challenges, withDate, heading, max = 5 }: { challenges: RefereeCheckIn[]; withDate?: boolean; heading?: string; max?: number }) {
  const photos = challenges.filter(isPhotoCheckIn).slice(0, max);
  const overview = useRefereeOverview(photos.length > 0);
  const data = overview.data;
  if (photos.length > 0 && !data && overview.isError) {
    return (
      <LoadFailedLine
        message="We couldn't load your referee requests."
        onRetry={() => overview.refetch()}
        retrying={overview.isFetching}
        testId="ask-referee-failed"
      />
    );
  }
  if (!data || photos.length === 0) return null;
  const byChallenge = new Map(data.asked.map((r) => [r.challengeId, r]));
  const rows = photos.filter((c) => byChallenge.has(c.id) || data.referee);
  if (rows.length === 0) return null;
  return (
    <Stack gap={2} data-testid="ask-referee">
      {heading ? (
        <Heading as="h2" size="md">
          {heading}
        </Heading>
      ) : null}
      {rows.map((c) => (
        <AskOrState key={c.id} challenge={c} request={byChallenge.get(c.id)} refereeName={data.referee?.name ?? null} withDate={withDate} />
      ))}
    </Stack>
  );
}
