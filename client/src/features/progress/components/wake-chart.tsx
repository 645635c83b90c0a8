import { Skeleton, Table, Text } from '@chakra-ui/react';
import type { ProgressWeek } from '../api/progress-api';
import { clockOf, dayMonth, weekSeries, type WeekPoint } from '../utils/shape';
import { CLOCK_STEPS, niceAxis } from '../utils/ticks';
import { ChartCard } from './chart-card';
import { tokenColor } from '@/lib/token-color';
import { Plot, type PlotSeries, slotCentre, yOf } from './plot';

const SERIES: (PlotSeries & { name: 'target' | 'actual' })[] = [
  { name: 'target', label: 'Target', color: tokenColor('fg.muted'), dashed: true },
  { name: 'actual', label: 'Checked in', color: tokenColor('brand.fg') },
];

function WakeLines({ points }: { points: WeekPoint[] }) {
  const n = points.length;
  const values = points.flatMap((p) => (p.actual === null ? [p.target] : [p.target, p.actual]));
  // a quarter of an hour of room above and below the earliest and latest times
  const axis = niceAxis(Math.min(...values) - 15, Math.max(...values) + 15, CLOCK_STEPS);
  const every = Math.ceil(n / 6);
  return (
    <Plot
      label="Line chart of the weekly mean wake-up target and check-in time; the table view has the numbers"
      testId="wake-chart"
      axis={axis}
      yLabel={clockOf}
      yWidth={40}
      xLabels={points.flatMap((p, i) => (i % every === 0 ? [{ label: p.week, at: slotCentre(i, n) }] : []))}
      series={SERIES}
    >
      {SERIES.map((s) => {
        // the weeks with a value, joined across the weeks without one
        const marks = points.flatMap((p, i) => {
          const v = p[s.name];
          return v === null ? [] : [{ x: `${slotCentre(i, n)}%`, y: yOf(axis, v), title: `${p.week}: ${s.label.toLowerCase()} ${clockOf(v)}` }];
        });
        return (
          <g key={s.name} data-series={s.name} stroke={s.color} fill={s.color}>
            {marks.slice(1).map((m, i) => (
              <line key={m.x} x1={marks[i].x} y1={marks[i].y} x2={m.x} y2={m.y} strokeWidth={2} strokeDasharray={s.dashed ? '5 4' : undefined} />
            ))}
            {marks.map((m) => (
              <circle key={m.x} cx={m.x} cy={m.y} r={3}>
                <title>{m.title}</title>
              </circle>
            ))}
          </g>
        );
      })}
    </Plot>
  );
}

/** Wake-up target against the actual check-in, as weekly means; until `drawn`, a placeholder of the chart's height. */
export function WakeChart({ weeks, drawn = true }: { weeks: ProgressWeek[]; drawn?: boolean }) {
  const view =
    weeks.length === 0 ? <Text color="fg.muted">No mornings this year yet.</Text> : !drawn ? <Skeleton h="252px" /> : <WakeLines points={weekSeries(weeks)} />;
  const table = (
    <Table.Root size="sm">
      <Table.Caption>Weekly mean wake-up target and check-in (IST)</Table.Caption>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>Week of</Table.ColumnHeader>
          <Table.ColumnHeader>Target</Table.ColumnHeader>
          <Table.ColumnHeader>Checked in</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {weeks.length === 0 ? (
          <Table.Row>
            <Table.Cell colSpan={3}>No mornings this year yet.</Table.Cell>
          </Table.Row>
        ) : (
          weeks.map((w) => (
            <Table.Row key={w.weekStart}>
              <Table.Cell>{dayMonth(w.weekStart)}</Table.Cell>
              <Table.Cell>{clockOf(w.targetMinutes)}</Table.Cell>
              <Table.Cell>{w.actualMinutes === null ? 'No check-in' : clockOf(w.actualMinutes)}</Table.Cell>
            </Table.Row>
          ))
        )}
      </Table.Body>
    </Table.Root>
  );
  return <ChartCard title="Wake-up time against target" chart={view} table={table} />;
}
