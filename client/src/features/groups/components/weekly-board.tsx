import { Heading, Stack, Table, Text } from '@chakra-ui/react';
import { useId } from 'react';
import type { GroupPage } from '../api/groups-api';
import { mornings } from '../utils/outcomes';

/** The weekly board: mornings made this week and streak, for members whose leaderboard setting allows it. */
export function WeeklyBoard({ group }: { group: GroupPage }) {
  const headingId = useId();
  return (
    <Stack as="section" aria-labelledby={headingId} gap={3}>
      <Heading as="h2" size="lg" id={headingId}>
        Weekly board
      </Heading>
      {group.board.length === 0 ? (
        <Text color="fg.muted">Nobody is on the board yet: each member chooses to appear in Settings (Show me on leaderboards).</Text>
      ) : (
        <Table.Root size="sm" aria-labelledby={headingId} data-testid="weekly-board">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader scope="col">#</Table.ColumnHeader>
              <Table.ColumnHeader scope="col">Name</Table.ColumnHeader>
              <Table.ColumnHeader scope="col" textAlign="end">
                This week
              </Table.ColumnHeader>
              <Table.ColumnHeader scope="col" textAlign="end">
                Streak
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {group.board.map((r) => (
              <Table.Row key={r.userId}>
                <Table.Cell>{r.rank}</Table.Cell>
                <Table.Cell as="th" scope="row" fontWeight="medium">
                  {r.name}
                </Table.Cell>
                <Table.Cell textAlign="end">{mornings(r.madeThisWeek)}</Table.Cell>
                <Table.Cell textAlign="end">{r.streak}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
      {group.boardHidden > 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {group.boardHidden === 1 ? '1 member keeps' : `${group.boardHidden} members keep`} off the board (their leaderboard setting).
        </Text>
      ) : null}
    </Stack>
  );
}
