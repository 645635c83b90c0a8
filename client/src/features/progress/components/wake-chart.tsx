import { Chart, useChart } from '@chakra-ui/charts';
import { Box, Skeleton, Table, Text } from '@chakra-ui/react';
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { ProgressWeek } from '../api/progress-api';
import { clockOf, dayMonth, weekSeries } from '../utils/shape';
import { ChartCard } from './chart-card';

/** Wake-up target against the actual check-in, as weekly means; until `drawn`, a placeholder of the chart's height. */
export function WakeChart({ weeks, drawn = true }: { weeks: ProgressWeek[]; drawn?: boolean }) {
  const chart = useChart({
    data: weekSeries(weeks),
    series: [
      { name: 'target', label: 'Target', color: 'fg.muted', strokeDasharray: '5 4' },
      { name: 'actual', label: 'Checked in', color: 'brand.fg' },
    ],
  });
  const tick = { fill: chart.color('fg.muted'), fontSize: 12 };
  const view =
    weeks.length === 0 ? (
      <Text color="fg.muted">No mornings this year yet.</Text>
    ) : !drawn ? (
      <Skeleton h="240px" />
    ) : (
      <Box as="figure" aria-label="Line chart of the weekly mean wake-up target and check-in time; the table view has the numbers">
        <Chart.Root chart={chart} h="240px" data-testid="wake-chart">
          <LineChart responsive data={chart.data} margin={{ left: 0, right: 8 }}>
            <CartesianGrid stroke={chart.color('border')} vertical={false} />
            <XAxis dataKey={chart.key('week')} tick={tick} stroke={chart.color('border')} />
            <YAxis tickFormatter={clockOf} domain={['dataMin - 15', 'dataMax + 15']} tick={tick} stroke={chart.color('border')} width={48} />
            <Tooltip animationDuration={100} content={<Chart.Tooltip formatter={(v: number) => clockOf(v)} />} />
            <Legend content={<Chart.Legend />} />
            {chart.series.map((s) => (
              <Line
                key={s.name}
                isAnimationActive={false}
                connectNulls
                dataKey={chart.key(s.name)}
                name={String(s.label)}
                stroke={chart.color(s.color)}
                strokeDasharray={s.strokeDasharray}
                strokeWidth={2}
                dot={{ r: 3, fill: chart.color(s.color) }}
              />
            ))}
          </LineChart>
        </Chart.Root>
      </Box>
    );
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
