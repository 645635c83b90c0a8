import { Chart, useChart } from '@chakra-ui/charts';
import { Box, Skeleton, Table } from '@chakra-ui/react';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { formatINR } from '@/lib/money';
import type { ProgressMonth } from '../api/progress-api';
import { monthBars } from '../utils/shape';
import { ChartCard } from './chart-card';

const COLUMNS = [
  ['deposits', 'Deposits'],
  ['withdrawals', 'Withdrawals'],
  ['staked', 'Staked'],
  ['returned', 'Stakes back'],
  ['winnings', 'Winnings'],
] as const;

/** Money in (deposits, stakes back, winnings) and out (stakes, withdrawals) of the wallet, per month; until `drawn`, a placeholder of the chart's height. */
export function MoneyChart({ months, drawn = true }: { months: ProgressMonth[]; drawn?: boolean }) {
  const bars = monthBars(months);
  const chart = useChart({
    data: bars,
    series: [
      { name: 'moneyIn', label: 'Money in', color: 'green.solid' },
      { name: 'moneyOut', label: 'Money out', color: 'orange.solid' },
    ],
  });
  const tick = { fill: chart.color('fg.muted'), fontSize: 12 };
  const showOther = months.some((m) => m.other !== 0);
  const view = !drawn ? (
    <Skeleton h="240px" />
  ) : (
    <Box as="figure" aria-label="Bar chart of money in and out of your wallet each month; the table view has the numbers">
      <Chart.Root chart={chart} h="240px" data-testid="money-chart">
        <BarChart responsive data={chart.data} margin={{ left: 0, right: 8 }}>
          <CartesianGrid stroke={chart.color('border')} vertical={false} />
          <XAxis dataKey={chart.key('name')} tickFormatter={(name: string) => name.charAt(0)} tick={tick} stroke={chart.color('border')} interval={0} />
          <YAxis
            tickFormatter={chart.formatNumber({ style: 'currency', currency: 'INR', notation: 'compact', maximumFractionDigits: 0 })}
            tick={tick}
            stroke={chart.color('border')}
            width={52}
          />
          <Tooltip animationDuration={100} cursor={{ fill: chart.color('bg.muted') }} content={<Chart.Tooltip formatter={(v: number) => formatINR(v)} />} />
          <Legend content={<Chart.Legend />} />
          {chart.series.map((s) => (
            <Bar key={s.name} isAnimationActive={false} dataKey={chart.key(s.name)} name={String(s.label)} fill={chart.color(s.color)} />
          ))}
        </BarChart>
      </Chart.Root>
    </Box>
  );
  const table = (
    <Table.Root size="sm">
      <Table.Caption>Money in and out of your wallet per month</Table.Caption>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>Month</Table.ColumnHeader>
          {COLUMNS.map(([, label]) => (
            <Table.ColumnHeader key={label} textAlign="end">
              {label}
            </Table.ColumnHeader>
          ))}
          {showOther ? <Table.ColumnHeader textAlign="end">Other</Table.ColumnHeader> : null}
          <Table.ColumnHeader textAlign="end">Money in</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Money out</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Net</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {months.map((m, i) => (
          <Table.Row key={m.month}>
            <Table.Cell>{bars[i].name}</Table.Cell>
            {COLUMNS.map(([key]) => (
              <Table.Cell key={key} textAlign="end">
                {formatINR(m[key])}
              </Table.Cell>
            ))}
            {showOther ? <Table.Cell textAlign="end">{formatINR(m.other)}</Table.Cell> : null}
            <Table.Cell textAlign="end">{formatINR(bars[i].moneyIn)}</Table.Cell>
            <Table.Cell textAlign="end">{formatINR(bars[i].moneyOut)}</Table.Cell>
            <Table.Cell textAlign="end">{formatINR(m.net)}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
  return <ChartCard title="Money in and out" chart={view} table={table} />;
}
