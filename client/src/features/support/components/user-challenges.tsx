import { Badge, Button, Heading, Stack, Table, Text } from '@chakra-ui/react';
import type { SupportChallengeRow } from '../api/support-api';
import { money } from './ledger-parts';
import { SupportTable } from './panel-parts';

/** The user's challenges, each with a button that opens its story. */
export function UserChallenges({ challenges, onStory }: { challenges: SupportChallengeRow[]; onStory(id: string): void }) {
  return (
    <Stack gap={2}>
      <Heading as="h3" size="md">
        Challenges
      </Heading>
      {challenges.length === 0 ? (
        <Text color="fg.muted">No challenges.</Text>
      ) : (
        <SupportTable columns={['Date', 'Wake-up', 'Stake', 'Status', 'Refund / winnings']} actions>
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
