import { Box, HStack, Table, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import type { MorningStatus, ProgressMorning } from '../api/progress-api';
import { heatmapWeeks, shortDay, STATUS_WORDS, statusCounts } from '../utils/shape';
import { ChartCard, ScrollBox } from './chart-card';

// Semantic tokens (light and dark) that stand out from the card at 3:1 or more; a pending morning is an outline only.
export const STATUS_COLORS: Record<MorningStatus, string> = { SUCCESS: 'green.solid', FAILED: 'red.solid', EXCUSED: 'blue.solid', PENDING: 'transparent' };
const CELL = '12px';

/** A day of the grid: a plain element (the grid's one style rule below sizes and colours all 371; a styled component each cost a long task on a phone). */
function Cell({ date, status, label, inYear }: { date: string; status: MorningStatus | null; label: string; inYear: boolean }) {
  if (!inYear) return <span aria-hidden="true" />;
  return <span role="img" aria-label={label} title={label} data-status={status ?? 'NONE'} data-date={date} />;
}

const GRID_CSS = {
  display: 'flex',
  gap: '2px',
  width: 'max-content',
  '& > div': { display: 'flex', flexDirection: 'column', gap: '2px' },
  '& span': { display: 'block', width: CELL, height: CELL, borderRadius: '2px' },
  '& [data-status=NONE]': { bg: 'bg.emphasized' },
  '& [data-status=SUCCESS]': { bg: STATUS_COLORS.SUCCESS },
  '& [data-status=FAILED]': { bg: STATUS_COLORS.FAILED },
  '& [data-status=EXCUSED]': { bg: STATUS_COLORS.EXCUSED },
  '& [data-status=PENDING]': { borderWidth: '2px', borderColor: 'fg.muted' },
} as const;

function Legend({ mornings }: { mornings: ProgressMorning[] }) {
  const counts = statusCounts(mornings);
  return (
    <HStack gap={4} wrap="wrap" mt={3} as="ul" listStyleType="none" aria-label="Legend">
      {(Object.keys(STATUS_WORDS) as MorningStatus[]).map((s) => (
        <HStack as="li" key={s} gap={2}>
          <Box w={CELL} h={CELL} rounded="2px" bg={STATUS_COLORS[s]} borderWidth={s === 'PENDING' ? '2px' : 0} borderColor="fg.muted" aria-hidden="true" />
          <Text fontSize="sm">
            {STATUS_WORDS[s]}: {counts[s]}
          </Text>
        </HStack>
      ))}
    </HStack>
  );
}

/** The year's mornings as a grid: a column a week (Monday at the top), a cell a day, coloured by how the morning went. */
export function YearHeatmap({ year, mornings }: { year: number; mornings: ProgressMorning[] }) {
  const weeks = heatmapWeeks(year, mornings);
  const scroller = useRef<HTMLDivElement>(null);
  const lastDate = mornings.at(-1)?.date;
  // On a phone the grid is wider than the screen: open it at the latest morning rather than at January.
  useEffect(() => {
    const box = scroller.current;
    const cell = lastDate ? box?.querySelector<HTMLElement>(`[data-date="${lastDate}"]`) : null;
    if (box && cell) box.scrollLeft += cell.getBoundingClientRect().left - box.getBoundingClientRect().left - box.clientWidth / 2;
  }, [lastDate]);
  const chart = (
    <>
      <ScrollBox ref={scroller} label={`Mornings of ${year}, a column a week`}>
        <Box css={GRID_CSS} data-testid="heatmap">
          {weeks.map((week) => (
            <div key={week[0].date}>
              {week.map((c) => (
                <Cell key={c.date} date={c.date} status={c.status} label={c.label} inYear={c.inYear} />
              ))}
            </div>
          ))}
        </Box>
      </ScrollBox>
      <Legend mornings={mornings} />
    </>
  );
  const table = (
    <Table.Root size="sm">
      <Table.Caption>Mornings of {year}</Table.Caption>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>Date</Table.ColumnHeader>
          <Table.ColumnHeader>How it went</Table.ColumnHeader>
          <Table.ColumnHeader>Target</Table.ColumnHeader>
          <Table.ColumnHeader>Checked in</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {mornings.length === 0 ? (
          <Table.Row>
            <Table.Cell colSpan={4}>No challenges this year.</Table.Cell>
          </Table.Row>
        ) : (
          mornings.map((m) => (
            <Table.Row key={m.date}>
              <Table.Cell>{shortDay(m.date)}</Table.Cell>
              <Table.Cell>{STATUS_WORDS[m.status]}</Table.Cell>
              <Table.Cell>{m.wakeUpTime}</Table.Cell>
              <Table.Cell>{m.checkInTime ?? '—'}</Table.Cell>
            </Table.Row>
          ))
        )}
      </Table.Body>
    </Table.Root>
  );
  return <ChartCard title="Your mornings" chart={chart} table={table} />;
}
