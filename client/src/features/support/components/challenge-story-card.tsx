import { Box, Button, Card, DataList, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@/lib/api-client';
import { formatISTDateTime } from '@/lib/format';
import { supportKeys } from '../api/query-keys';
import { getChallengeStory } from '../api/support-api';
import { reasonLabel, type ChallengeStory } from '../ledger-story';
import { proofAndMissionWords } from '../proof-words';
import { Item, money, Postings } from './ledger-parts';
import { ReceiptView } from './settlements-panel';

/** One challenge from creation to settlement (GET support challenge); the wallet ledger's own figures when that fails. */
export function ChallengeStoryCard({ challengeId, fallback, onClose }: { challengeId: string; fallback?: ChallengeStory; onClose(): void }) {
  const query = useQuery({ queryKey: supportKeys.challenge(challengeId), queryFn: () => getChallengeStory(challengeId), retry: false });
  const s = query.data;
  return (
    <Card.Root borderColor="brand.border" data-testid="challenge-story">
      <Card.Header>
        <Flex justify="space-between" align="center" gap={2} wrap="wrap">
          <Heading as="h3" size="md">
            Challenge story
          </Heading>
          <Button size="xs" variant="ghost" onClick={onClose}>
            Close
          </Button>
        </Flex>
        <Text fontSize="sm" fontFamily="mono" wordBreak="break-all">
          {challengeId}
        </Text>
      </Card.Header>
      <Card.Body>
        {query.isPending ? <Text role="status">Loading the story...</Text> : null}
        {query.isError ? (
          <Stack gap={2}>
            <Text color="fg.error">{errorMessage(query.error, 'Failed to load the challenge')}</Text>
            {fallback ? (
              <Text fontSize="sm">
                From this wallet&apos;s ledger: stake {money(fallback.stake)}, refund {money(fallback.refund)}, to the pool {money(fallback.pooled)}.
              </Text>
            ) : null}
          </Stack>
        ) : null}
        {s ? (
          <Stack gap={3}>
            <DataList.Root orientation="horizontal" size="sm">
              <Item
                label="Date and wake-up"
                value={`${s.challenge.challengeDate} at ${s.challenge.wakeUpTime}${s.challenge.isTest ? ' (test challenge)' : ''}`}
              />
              <Item label="Check-in window" value={`${formatISTDateTime(s.challenge.windowOpensAt)} – ${formatISTDateTime(s.challenge.windowClosesAt)} IST`} />
              <Item label="Created" value={`${formatISTDateTime(s.created.at)} IST, stake ${money(s.created.stake)}`} />
              <Item label="Proof and mission" value={proofAndMissionWords({ ...s.challenge, failureReason: s.closed?.failureReason ?? null })} />
              <Item
                label="Check-in"
                value={
                  s.checkIn
                    ? `${formatISTDateTime(s.checkIn.at)} IST · ${s.checkIn.method ?? '—'}${s.checkIn.location ? ` · ${s.checkIn.location}` : ''}${s.checkIn.notes ? ` · “${s.checkIn.notes}”` : ''}${s.checkIn.hasPhoto ? ' · photo stored' : ''}`
                    : 'None'
                }
              />
              <Item
                label="Closed"
                value={
                  s.closed
                    ? `${s.closed.at ? `${formatISTDateTime(s.closed.at)} IST · ` : ''}${s.closed.outcome}${s.closed.failureReason ? ` (${s.closed.failureReason})` : ''}`
                    : 'Not yet'
                }
              />
              {s.cancelled ? <Item label="Cancelled" value={`${formatISTDateTime(s.cancelled.at)} IST`} /> : null}
              <Item
                label="Settled"
                value={
                  s.settled
                    ? `${s.settled.at ? `${formatISTDateTime(s.settled.at)} IST · ` : ''}settlement of ${s.settled.date} · refund ${money(s.settled.refund)} · winnings ${money(s.settled.winnings)} · to the pool ${money(s.settled.forfeit)}`
                    : 'Not yet'
                }
              />
              {s.settled?.line ? (
                <Item
                  label="Receipt line"
                  value={`Batch ${s.settled.line.batch} (${s.settled.line.runStatus}), line ${s.settled.line.lineNo}: stake ${money(s.settled.line.stake)}, ${s.settled.line.outcome}, refund ${money(s.settled.line.refund)}, pooled ${money(s.settled.line.pooled)}, winnings ${money(s.settled.line.winnings)}${s.settled.line.paid ? ', paid' : ', not paid yet'}`}
                />
              ) : null}
            </DataList.Root>
            {s.settled?.receipt ? <ReceiptView receipt={s.settled.receipt} /> : null}
            <Heading as="h4" size="sm">
              Ledger entries of this challenge
            </Heading>
            {s.ledger.map((e) => (
              <Box key={e.entryId}>
                <Text fontSize="sm" fontWeight="semibold">
                  {formatISTDateTime(e.postedAt)} IST · {reasonLabel(e.reason)}
                </Text>
                <Postings entry={e} wallet="" />
              </Box>
            ))}
          </Stack>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}
