import { Badge, Button, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { formatISTDateTimeZoned } from '@/lib/format';
import type { SupportChallengeRow } from '../api/support-api';
import { money } from './ledger-parts';
import { SupportTable } from './panel-parts';

const VERDICT = { PENDING: ['yellow', 'Asked'], CONFIRMED: ['green', 'Confirmed'], REJECTED: ['red', 'Rejected'] } as const;

/** What the user's referee answered about a photo check-in (issue #22): recorded and shown, it moves no money. */
export function RefereeVerdict({ referee }: { referee: SupportChallengeRow['referee'] }) {
  if (!referee) return <Text color="fg.muted">—</Text>;
  const [palette, word] = VERDICT[referee.status];
  const who = referee.refereeName ? `${referee.refereeName}${referee.refereeEmail ? ` (${referee.refereeEmail})` : ''}` : referee.refereeId;
  return (
    <Stack gap={0} fontSize="sm" data-testid="referee-verdict">
      <Badge colorPalette={palette} alignSelf="flex-start">
        {word}
      </Badge>
      <Text>by {who}</Text>
      {referee.note ? <Text>“{referee.note}”</Text> : null}
      <Text color="fg.muted">
        {referee.decidedAt ? `answered ${formatISTDateTimeZoned(referee.decidedAt)}` : `asked ${formatISTDateTimeZoned(referee.askedAt)}`}
      </Text>
    </Stack>
  );
}

/** The user's challenges, each with its referee's verdict and a button that opens its story. */
export function UserChallenges({ challenges, onStory }: { challenges: SupportChallengeRow[]; onStory(id: string): void }) {
  return (
    <Stack gap={2}>
      <Heading as="h3" size="md">
        Challenges
      </Heading>
      {challenges.length === 0 ? (
        <Text color="fg.muted">No challenges.</Text>
      ) : (
        <SupportTable columns={['Date', 'Wake-up', 'Stake', 'Status', 'Refund / winnings', 'Referee']} actions>
          {challenges.map((c) => (
            <Table.Row key={c.id}>
              <Table.Cell>
                {c.challengeDate}
                {c.isTest ? ' (test)' : ''}
              </Table.Cell>
              <Table.Cell>{c.wakeUpTime}</Table.Cell>
              <Table.Cell>{money(c.stake)}</Table.Cell>
              <Table.Cell>
                <Badge colorPalette={c.isSuccessful === true ? 'green' : c.isSuccessful === false ? 'red' : 'gray'}>
                  {c.status}
                  {c.isSuccessful === false ? ' · FAILED' : c.isSuccessful === true ? ' · SUCCESS' : ''}
                </Badge>
              </Table.Cell>
              <Table.Cell>
                {money(c.refundedAmount)} / {money(c.winningsAmount)}
              </Table.Cell>
              <Table.Cell>
                <RefereeVerdict referee={c.referee} />
              </Table.Cell>
              <Table.Cell>
                <Button size="xs" variant="outline" onClick={() => onStory(c.id)} aria-label={`Story of the challenge of ${c.challengeDate}`}>
                  Story
                </Button>
              </Table.Cell>
            </Table.Row>
          ))}
        </SupportTable>
      )}
    </Stack>
  );
}
