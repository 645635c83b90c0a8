import { Box, Button, Heading, Stack, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import { useId } from 'react';
import { toaster } from '@/components/ui/toaster';
import { askReferee, type GroupPage, type MorningOutcome } from '../api/groups-api';
import { useGroupsMutation } from '../hooks/use-groups';
import { describeMorning, longDateOf, OUTCOME_TEXT, weekdayLetterOf, problemText } from '../utils/outcomes';

const OUTCOME_COLOR: Record<MorningOutcome, string> = { MADE: 'green.fg', MISSED: 'red.fg', PENDING: 'fg', EXCUSED: 'fg.muted', NONE: 'fg.muted' };

/** Each member's mornings of this week (made it, missed, pending, excused; never amounts), and my photo check-ins to send to my referee. */
export function WeekTable({ group }: { group: GroupPage }) {
  const headingId = useId();
  const me = group.members.find((m) => m.isMe);
  const askable = (me?.days ?? []).filter((d) => d.hasPhoto && d.challengeId && !d.referee);
  const ask = useGroupsMutation(askReferee, () => toaster.create({ status: 'success', title: 'Sent to your referee' }));
  return (
    <Stack as="section" aria-labelledby={headingId} gap={3}>
      <Heading as="h2" size="lg" id={headingId}>
        This week
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        {longDateOf(group.week.from)} to {longDateOf(group.week.to)}. ✓ made it, ✗ missed, … pending, – excused.
      </Text>
      {/* focusable, so a keyboard can scroll it where a long name makes it wider than the phone */}
      <Table.ScrollArea borderWidth="1px" borderColor="border" rounded="md" tabIndex={0} role="region" aria-label="Mornings this week">
        <Table.Root size="sm" css={{ '& th, & td': { px: 1 } }}>
          <Table.Caption captionSide="top" textAlign="start" px={2}>
            <VisuallyHidden>Mornings this week, by member</VisuallyHidden>
          </Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader scope="col">Member</Table.ColumnHeader>
              {group.week.days.map((d) => (
                <Table.ColumnHeader key={d} scope="col" textAlign="center" fontWeight={d === group.today ? 'bold' : 'medium'}>
                  <abbr title={longDateOf(d)}>{weekdayLetterOf(d)}</abbr>
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {group.members.map((m) => (
              <Table.Row key={m.userId}>
                <Table.Cell as="th" scope="row" fontWeight="medium" maxW="88px" truncate>
                  {m.name}
                  {m.isMe ? ' (you)' : ''}
                </Table.Cell>
                {m.days.map((d) => (
                  <Table.Cell key={d.date} textAlign="center" color={OUTCOME_COLOR[d.outcome]} data-outcome={d.outcome}>
                    <Box as="span" aria-hidden="true" fontWeight="bold">
                      {OUTCOME_TEXT[d.outcome].symbol}
                    </Box>
                    <VisuallyHidden>{describeMorning(m.name, d.date, d.outcome, d.referee?.status)}</VisuallyHidden>
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {group.members.some((m) => m.days.some((d) => d.referee && d.referee.status !== 'PENDING')) ? (
        <Stack as="ul" gap={1} fontSize="sm" ps={4}>
          {group.members.flatMap((m) =>
            m.days
              .filter((d) => d.referee && d.referee.status !== 'PENDING')
              .map((d) => (
                <li key={`${m.userId}-${d.date}`}>
                  {m.name}, {longDateOf(d.date)}: {d.referee!.status === 'CONFIRMED' ? 'confirmed' : 'rejected'} by {d.referee!.refereeName}
                  {d.referee!.note ? ` (“${d.referee!.note}”)` : ''}
                </li>
              )),
          )}
        </Stack>
      ) : null}
      {askable.length && group.myReferee ? (
        <Stack gap={2}>
          <Text fontSize="sm">Your photo check-ins this week can go to your referee, {group.myReferee.name}:</Text>
          {askable.map((d) => (
            <Button
              key={d.date}
              size="sm"
              variant="outline"
              alignSelf="flex-start"
              loading={ask.isPending && ask.variables === d.challengeId}
              onClick={() => ask.mutate(d.challengeId!)}
            >
              Ask my referee about {longDateOf(d.date)}
            </Button>
          ))}
          {ask.isError ? (
            <Text fontSize="sm" color="red.fg" role="alert">
              {problemText(ask.error)}
            </Text>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
