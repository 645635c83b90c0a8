import { Skeleton, Table } from '@chakra-ui/react';
import { formatINR, formatINRCompact } from '@/lib/money';
import type { ProgressMonth } from '../api/progress-api';
import { type MonthBar, monthBars } from '../utils/shape';
import { MONEY_STEPS, niceAxis } from '../utils/ticks';
import { ChartCard } from './chart-card';
import { tokenColor } from '@/lib/token-color';
import { Plot, type PlotSeries, yOf } from './plot';

const COLUMNS = [
  ['deposits', 'Deposits'],
  ['withdrawals', 'Withdrawals'],
  ['staked', 'Staked'],
  ['returned', 'Stakes back'],
  ['winnings', 'Winnings'],
] as const;

const SERIES: (PlotSeries & { name: 'moneyIn' | 'moneyOut' })[] = [
  { name: 'moneyIn', label: 'Money in', color: tokenColor('green.solid') },
  { name: 'moneyOut', label: 'Money out', color: tokenColor('orange.solid') },
];
// each month's slot: a gap, money in, money out, a gap (shares of the slot)
const GAP = 0.16;
const BAR = (1 - 2 * GAP) / SERIES.length;

function MonthBars({ bars }: { bars: MonthBar[] }) {
  const n = bars.length;
  const axis = niceAxis(0, Math.max(0, ...bars.flatMap((b) => [b.moneyIn, b.moneyOut])), MONEY_STEPS);
  const slot = 100 / n;
  return (
    <Plot
      label="Bar chart of money in and out of your wallet each month; the table view has the numbers"
      testId="money-chart"
      axis={axis}
      yLabel={formatINRCompact}
      yWidth={48}
      xLabels={bars.map((b, i) => ({ label: b.name.charAt(0), at: (i + 0.5) * slot }))}
      series={SERIES}
    >
      {SERIES.map((s, k) => (
        <g key={s.name} data-series={s.name} fill={s.color}>
          {bars.map((b, i) =>
            b[s.name] > 0 ? (
              <rect
                key={b.month}
                data-bar=""
                x={`${(i + GAP + k * BAR) * slot}%`}
                width={`${BAR * slot}%`}
                y={yOf(axis, b[s.name])}
                height={yOf(axis, 0) - yOf(axis, b[s.name])}
              >
                <title>{`${b.name}: ${s.label.toLowerCase()} ${formatINR(b[s.name])}`}</title>
              </rect>
            ) : null,
          )}
        </g>
      ))}
    </Plot>
  );
}

/** Money in (deposits, stakes back, winnings) and out (stakes, withdrawals) of the wallet, per month; until `drawn`, a placeholder of the chart's height. */
export function MoneyChart({ months, drawn = true }: { months: ProgressMonth[]; drawn?: boolean }) {
  const bars = monthBars(months);
  const showOther = months.some((m) => m.other !== 0);
  const view = !drawn ? <Skeleton h="252px" /> : <MonthBars bars={bars} />;
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
