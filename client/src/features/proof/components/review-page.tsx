import { Box, Button, Card, Container, Heading, Image, Link, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { LoadFailed } from '@/components/ui/load-failed';
import { LinesSkeleton } from '@/components/ui/lines-skeleton';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { formatISTTime, formatWakeUpTime } from '@/lib/format';
import { formatCalendarDate } from '@/lib/dates';
import { answerProofReview, getNextProofReview, proofReviewKeys } from '../api/proof-reviews-api';

export const reviewWords = {
  title: 'Review a morning',
  intro:
    'Is this a real morning? You see one photo at a time, with no name. Reviewing pays nothing, and you are never shown a photo from a pool you have a stake in.',
  real: 'A real morning',
  notReal: 'Not a real morning',
  none: 'No photos are waiting for review. Thank you for checking.',
  thanks: 'Thank you — your answer is recorded.',
} as const;

/** Peer review on a phone — one anonymous photo, the target and check-in times, two big buttons. */
export function ReviewPage() {
  const queryClient = useQueryClient();
  const next = useQuery({ queryKey: proofReviewKeys.next, queryFn: ({ signal }) => getNextProofReview(signal) });
  const [answered, setAnswered] = useState(0);
  const answer = useMutation({
    mutationFn: ({ id, verdict }: { id: string; verdict: 'ACCEPTED' | 'REJECTED' }) => answerProofReview(id, verdict),
    onSuccess: () => {
      setAnswered((n) => n + 1);
      void queryClient.invalidateQueries({ queryKey: proofReviewKeys.next });
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: proofReviewKeys.next }),
  });
  const review = next.data;
  const error = answer.error
    ? isApiError(answer.error)
      ? (answer.error.serverMessage ?? answer.error.message)
      : 'Your answer was not recorded. Try again.'
    : null;

  return (
    <Container maxW="md" py={{ base: 4, md: 8 }} px={4}>
      <Stack gap={4}>
        <Heading as="h1" size="xl">
          {reviewWords.title}
        </Heading>
        <Text color="fg.muted">{reviewWords.intro}</Text>
        {answered > 0 ? (
          <Text role="status" color="green.fg" fontWeight="medium" data-testid="review-thanks">
            {reviewWords.thanks}
          </Text>
        ) : null}
        {error ? (
          <Text role="alert" color="fg.error">
            {error}
          </Text>
        ) : null}
        {next.isError && !review ? (
          <LoadFailed message="We couldn't load a photo to review." onRetry={() => next.refetch()} retrying={next.isFetching} />
        ) : next.isPending ? (
          <LinesSkeleton label="Loading a photo to review..." lines={3} height="10" />
        ) : !review ? (
          <Stack gap={3}>
            <Text data-testid="review-none">{reviewWords.none}</Text>
            <Link asChild color="brand.fg" fontWeight="medium">
              <RouterLink to={paths.dashboard}>Back to the dashboard</RouterLink>
            </Link>
          </Stack>
        ) : (
          <Card.Root data-testid="review-card" key={review.id}>
            <Card.Body>
              <Stack gap={3}>
                <Box borderRadius="md" overflow="hidden" bg="bg.muted">
                  <Image src={review.photo} alt="The check-in photo to review" w="100%" maxH="50vh" objectFit="contain" />
                </Box>
                <Text data-testid="review-times">
                  {formatCalendarDate(review.challengeDate)} · wake-up by <strong>{formatWakeUpTime(review.wakeUpTime)} IST</strong> · checked in at{' '}
                  <strong>{formatISTTime(review.checkInTime)} IST</strong>
                </Text>
                <Button size="2xl" h="16" colorPalette="brand" loading={answer.isPending} onClick={() => answer.mutate({ id: review.id, verdict: 'ACCEPTED' })}>
                  {reviewWords.real}
                </Button>
                <Button
                  size="2xl"
                  h="16"
                  colorPalette="red"
                  variant="outline"
                  disabled={answer.isPending}
                  onClick={() => answer.mutate({ id: review.id, verdict: 'REJECTED' })}
                >
                  {reviewWords.notReal}
                </Button>
              </Stack>
            </Card.Body>
          </Card.Root>
        )}
      </Stack>
    </Container>
  );
}

/** A link to /review, shown only while a photo is waiting for this person's review. */
export function ReviewInvite() {
  const next = useQuery({ queryKey: proofReviewKeys.next, queryFn: ({ signal }) => getNextProofReview(signal), staleTime: 60_000 });
  if (!next.data) return null;
  return (
    <Card.Root size="sm" data-testid="review-invite">
      <Card.Body>
        <Stack gap={1}>
          <Text>A photo of someone's morning is waiting for a review. It takes a few seconds and pays nothing.</Text>
          <Link asChild color="brand.fg" fontWeight="medium">
            <RouterLink to={paths.review}>Review a morning</RouterLink>
          </Link>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
