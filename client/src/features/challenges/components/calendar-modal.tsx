import { Badge, Box, Button, chakra, HStack, IconButton, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useState } from 'react';
import { InfoDialog } from '@/components/ui/info-dialog';
import { LoadFailed } from '@/components/ui/load-failed';
import { formatWakeUpTime } from '@/lib/format';
import type { Challenge } from '../api/types';
import { useCalendarChallenges } from '../hooks/use-challenge-queries';
import { calendarCell, calendarColors, calendarStatus, calendarStatusText, monthGrid, shiftMonth, type CalendarStatus } from '../utils/challenge-rules';
import { formatCalendarDate, formatMonth } from '../utils/dates';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const LEGEND: CalendarStatus[] = ['PENDING', 'SUCCESS', 'FAILED', 'PROCESSED', 'OTHER'];

const SR_ONLY = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  borderWidth: 0,
} as const;

/** A chip's status as one mark, for a phone's narrow cells (still never colour alone). */
export const calendarStatusMark: Record<CalendarStatus, string> = {
  PENDING: '…',
  SUCCESS: '✓',
  FAILED: '✗',
  PROCESSED: '₹',
  OTHER: '–',
};

/**
 * One challenge in a cell: colour plus its status in words (never colour alone). It stays inside its
 * cell: below md (a phone's cell is ~45px wide) the time's hour and a mark; the words are always read out.
 */
export function CalendarChip({ challenge }: { challenge: Challenge }) {
  const status = calendarStatus(challenge);
  const full = `${formatWakeUpTime(challenge.wakeUpTime)} · ${calendarStatusText[status]}`;
  return (
    <Badge
      colorPalette={calendarColors[status]}
      variant="subtle"
      size="sm"
      w="full"
      maxW="full"
      minW={0}
      overflow="hidden"
      position="relative"
      justifyContent="flex-start"
      px={{ base: 1, md: 2 }}
      title={full}
      data-status={status}
      data-testid="calendar-chip"
    >
      {/* the words: shown from md, below it read out only */}
      <chakra.span truncate css={{ '@media screen and (max-width: 47.99em)': SR_ONLY }}>
        {full}
      </chakra.span>
      <chakra.span aria-hidden="true" hideFrom="md" truncate>
        {formatWakeUpTime(challenge.wakeUpTime)
          .replace(/ [AP]M$/, '')
          .replace(/:00$/, '')}
        {calendarStatusMark[status]}
      </chakra.span>
    </Badge>
  );
}

/** A day cell: at most 2 challenges plus "+N more". */
export function CalendarCell({ date, challenges, today }: { date: string; challenges: Challenge[]; today: string }) {
  const { shown, more } = calendarCell(challenges, date);
  const day = Number(date.slice(8));
  return (
    <Stack
      gap={1}
      minH="20"
      minW={0}
      overflow="hidden"
      p={{ base: 0.5, md: 1 }}
      borderWidth="1px"
      borderColor={date === today ? 'brand.border' : 'border'}
      rounded="md"
      data-date={date}
    >
      <Text fontSize="xs" fontWeight={date === today ? 'bold' : 'medium'}>
        <span aria-hidden="true">{day}</span>
        <VisuallyHidden>
          {formatCalendarDate(date)}
          {date === today ? ' (today)' : ''}
        </VisuallyHidden>
      </Text>
      {shown.map((c) => (
        <CalendarChip key={c.id} challenge={c} />
      ))}
      {more > 0 ? (
        <Text fontSize="xs" color="fg.muted">
          +{more} more
        </Text>
      ) : null}
    </Stack>
  );
}

export function CalendarModal({ open, onClose, today }: { open: boolean; onClose: () => void; today: string }) {
  const [month, setMonth] = useState(today.slice(0, 7));
  const query = useCalendarChallenges(open);
  const challenges = query.data?.challenges ?? [];
  const weeks = monthGrid(month);

  return (
    <InfoDialog
      open={open}
      onClose={onClose}
      title="Challenge Calendar"
      size="xl"
      actions={
        <Button variant="outline" onClick={() => setMonth(today.slice(0, 7))}>
          This Month
        </Button>
      }
    >
      <HStack justify="space-between" mb={3}>
        <IconButton aria-label="Previous month" variant="outline" size="sm" onClick={() => setMonth((m) => shiftMonth(m, -1))}>
          <span aria-hidden="true">‹</span>
        </IconButton>
        <Text fontWeight="semibold" aria-live="polite" data-testid="calendar-month">
          {formatMonth(month)}
        </Text>
        <IconButton aria-label="Next month" variant="outline" size="sm" onClick={() => setMonth((m) => shiftMonth(m, 1))}>
          <span aria-hidden="true">›</span>
        </IconButton>
      </HStack>
      {query.isError && !query.data ? <LoadFailed message="Failed to load challenges" onRetry={() => query.refetch()} retrying={query.isFetching} /> : null}
      <chakra.table w="full" css={{ tableLayout: 'fixed', borderCollapse: 'separate', borderSpacing: '4px' }}>
        <caption>
          <VisuallyHidden>Challenges in {formatMonth(month)}</VisuallyHidden>
        </caption>
        <thead>
          <tr>
            {WEEKDAYS.map((d) => (
              <chakra.th key={d} scope="col" fontSize="xs" color="fg.muted" fontWeight="medium" textAlign="left" px={1}>
                {d}
              </chakra.th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, i) => (
            <tr key={i}>
              {week.map((date, j) => (
                <chakra.td key={date ?? `pad-${i}-${j}`} verticalAlign="top">
                  {date ? <CalendarCell date={date} challenges={challenges} today={today} /> : null}
                </chakra.td>
              ))}
            </tr>
          ))}
        </tbody>
      </chakra.table>
      <HStack as="ul" listStyleType="none" gap={3} wrap="wrap" mt={4} aria-label="Legend">
        {LEGEND.map((s) => (
          <Box as="li" key={s}>
            <Badge colorPalette={calendarColors[s]} variant="subtle">
              {calendarStatusText[s]}
            </Badge>
          </Box>
        ))}
      </HStack>
      <Text fontSize="xs" color="fg.muted" mt={2}>
        Pending yellow, success green, failed red, processed (settled) blue, others grey. Times in IST.
      </Text>
    </InfoDialog>
  );
}
