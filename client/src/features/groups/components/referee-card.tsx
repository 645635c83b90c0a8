import { Badge, Box, Button, Card, Field, Heading, HStack, Image, Input, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useState } from 'react';
import { LoadFailed } from '@/components/ui/load-failed';
import { toaster } from '@/components/ui/toaster';
import { answerReferee, getRequestPhoto, type RefereeRequest } from '../api/groups-api';
import { useGroupsMutation, useRefereeOverview } from '../hooks/use-groups';
import { longDateOf, REFEREE_TEXT, problemText } from '../utils/outcomes';

const STATUS_PALETTE = { PENDING: 'yellow', CONFIRMED: 'green', REJECTED: 'red' } as const;

function StatusBadge({ status }: { status: RefereeRequest['status'] }) {
  return (
    <Badge colorPalette={STATUS_PALETTE[status]} variant="subtle">
      {status === 'PENDING' ? 'Waiting' : status === 'CONFIRMED' ? 'Confirmed' : 'Rejected'}
    </Badge>
  );
}

/** The check-in photo, fetched with the token and shown through an object URL. */
function RequestPhoto({ request }: { request: RefereeRequest }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  const load = async () => {
    try {
      setFailed(null);
      setUrl(URL.createObjectURL(await getRequestPhoto(request.id)));
    } catch (e) {
      setFailed(problemText(e));
    }
  };
  if (url)
    return <Image src={url} alt={`${request.userName}'s check-in photo, ${longDateOf(request.challengeDate)}`} maxH="240px" rounded="md" objectFit="contain" />;
  return (
    <Stack gap={1}>
      <Button size="sm" variant="outline" alignSelf="flex-start" onClick={() => void load()}>
        View photo
      </Button>
      {failed ? (
        <Text fontSize="sm" color="red.fg" role="alert">
          {failed}
        </Text>
      ) : null}
    </Stack>
  );
}

function ReviewItem({ request }: { request: RefereeRequest }) {
  const noteId = useId();
  const [note, setNote] = useState('');
  const answer = useGroupsMutation(
    ({ verdict }: { verdict: 'confirm' | 'reject' }) => answerReferee(request.id, verdict, note.trim() || undefined),
    (r) => toaster.create({ status: 'success', title: r.status === 'CONFIRMED' ? 'Check-in confirmed' : 'Check-in rejected' }),
  );
  return (
    <Stack as="li" gap={2} borderWidth="1px" borderColor="border" rounded="md" p={3}>
      <HStack justify="space-between" wrap="wrap" gap={2}>
        <Text fontWeight="medium">
          {request.userName}, {longDateOf(request.challengeDate)}
        </Text>
        <StatusBadge status={request.status} />
      </HStack>
      <RequestPhoto request={request} />
      {request.status === 'PENDING' ? (
        <>
          <Field.Root>
            <Field.Label htmlFor={noteId}>Note (optional)</Field.Label>
            <Input id={noteId} size="sm" value={note} maxLength={200} onChange={(e) => setNote(e.currentTarget.value)} />
          </Field.Root>
          <HStack gap={2}>
            <Button
              size="sm"
              colorPalette="brand"
              loading={answer.isPending && answer.variables?.verdict === 'confirm'}
              onClick={() => answer.mutate({ verdict: 'confirm' })}
            >
              Confirm
            </Button>
            <Button
              size="sm"
              colorPalette="red"
              variant="outline"
              loading={answer.isPending && answer.variables?.verdict === 'reject'}
              onClick={() => answer.mutate({ verdict: 'reject' })}
            >
              Reject
            </Button>
          </HStack>
          {answer.isError ? (
            <Text fontSize="sm" color="red.fg" role="alert">
              {problemText(answer.error)}
            </Text>
          ) : null}
        </>
      ) : request.note ? (
        <Text fontSize="sm" color="fg.muted">
          Your note: {request.note}
        </Text>
      ) : null}
    </Stack>
  );
}

/** My referee, what I sent them, and the photo check-ins friends asked me to look at. Answers move no money. */
export function RefereeCard() {
  const overview = useRefereeOverview();
  const headingId = useId();
  const data = overview.data;
  return (
    <Card.Root as="section" aria-labelledby={headingId}>
      <Card.Header>
        <Heading as="h2" size="lg" id={headingId}>
          Referee
        </Heading>
      </Card.Header>
      <Card.Body pt={0}>
        {overview.isError && !data ? (
          <LoadFailed message="We couldn't load your referee." onRetry={() => overview.refetch()} retrying={overview.isFetching} />
        ) : !data ? (
          <Text color="fg.muted">Loading…</Text>
        ) : (
          <Stack gap={4}>
            <Text>
              {data.referee ? (
                <>
                  Your referee is <strong>{data.referee.name}</strong> ({data.referee.groupName}).
                </>
              ) : (
                'You have no referee. Name one on a group’s page.'
              )}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              A referee confirms or rejects a photo check-in when you ask. The answer is shown to your group and to support; it does not change your money.
            </Text>
            {data.toReview.length ? (
              <Stack gap={2}>
                <Heading as="h3" size="md">
                  Asked to look at
                </Heading>
                <Stack as="ul" listStyleType="none" m={0} p={0} gap={2}>
                  {data.toReview.map((r) => (
                    <ReviewItem key={r.id} request={r} />
                  ))}
                </Stack>
              </Stack>
            ) : null}
            {data.asked.length ? (
              <Stack gap={2}>
                <Heading as="h3" size="md">
                  You asked
                </Heading>
                <Stack as="ul" listStyleType="none" m={0} p={0} gap={1}>
                  {data.asked.map((r) => (
                    <Box as="li" key={r.id} fontSize="sm">
                      {longDateOf(r.challengeDate)}: {r.refereeName}, {REFEREE_TEXT[r.status]}
                      {r.note ? ` (“${r.note}”)` : ''}
                    </Box>
                  ))}
                </Stack>
              </Stack>
            ) : null}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
