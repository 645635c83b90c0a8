import { Badge, Button, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { formatISTDate, formatISTDateTimeZoned, formatWakeUpTime } from '@/lib/format';
import { formatSignedINR, netResultOf, settledWords } from '@/lib/money-words';
import { challengeStatusWord } from '@/lib/status-words';
import type { SupportChallengeRow } from '../api/support-api';
import { proofAndMissionWords } from '../proof-words';
import { money } from './ledger-parts';
import { SupportTable } from './panel-parts';

const VERDICT = { PENDING: ['yellow', 'Asked'], CONFIRMED: ['green', 'Confirmed'], REJECTED: ['red', 'Rejected'] } as const;

/** What the user's referee answered about a photo check-in: recorded and shown, it moves no money. */
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
        <SupportTable columns={['Date', 'Wake-up', 'Stake', 'Status', 'Proof and mission', 'Money (net)', 'Referee']} actions>
          {challenges.map((c) => {
            // the same words as the user's card and history ("Stake back ₹25 · winnings ₹0", net "₹0")
            const morning = { ...c, forfeitAmount: c.stake };
            const net = netResultOf(morning);
            return (
              <Table.Row key={c.id}>
                <Table.Cell>
                  {formatISTDate(c.challengeDate)}
                  {c.isTest ? ' (test)' : ''}
                </Table.Cell>
                <Table.Cell>{formatWakeUpTime(c.wakeUpTime)}</Table.Cell>
                <Table.Cell>{money(c.stake)}</Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={c.isSuccessful === true ? 'green' : c.isSuccessful === false ? 'red' : 'gray'} data-status={c.status}>
                    {challengeStatusWord(c)}
                    {c.status === 'PROCESSED' ? (c.isSuccessful ? ' · woke up' : ' · missed') : ''}
                  </Badge>
                </Table.Cell>
                <Table.Cell data-testid="support-proof">{proofAndMissionWords(c)}</Table.Cell>
                <Table.Cell data-testid="support-money">{net === null ? '—' : `${settledWords(morning)} · net ${formatSignedINR(net)}`}</Table.Cell>
                <Table.Cell>
                  <RefereeVerdict referee={c.referee} />
                </Table.Cell>
                <Table.Cell>
                  <Button size="xs" variant="outline" onClick={() => onStory(c.id)} aria-label={`Story of the challenge of ${c.challengeDate}`}>
                    Story
                  </Button>
                </Table.Cell>
              </Table.Row>
            );
          })}
        </SupportTable>
      )}
    </Stack>
  );
}
