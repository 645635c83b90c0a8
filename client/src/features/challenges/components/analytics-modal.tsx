import { Box, Button, Group, Heading, SimpleGrid, Stack, Stat } from '@chakra-ui/react';
import { formatPercent } from '@/lib/format';
import { useId, useMemo, useState } from 'react';
import { InfoDialog } from '@/components/ui/info-dialog';
import { LoadFailed } from '@/components/ui/load-failed';
import { LinesSkeleton } from '@/components/ui/lines-skeleton';
import { formatINR } from '@/lib/money';
import { tokenColor } from '@/lib/token-color';
import { useAnalytics } from '../hooks/use-challenge-queries';
import { analyticsSeries, type AnalyticsPoint } from '../utils/analytics';
import { addDays, formatShortDate } from '../utils/dates';

const RANGES = [7, 30, 90] as const;
const W = 640;
const H = 220;
const PAD = { left: 36, right: 40, top: 12, bottom: 28 };

function xOf(i: number, n: number): number {
  return PAD.left + ((W - PAD.left - PAD.right) * (i + 0.5)) / n;
}

/** Stacked bars of successful and failed wake-ups per day, and the running success rate as a line (right axis). */
export function WakeUpChart({ points }: { points: AnalyticsPoint[] }) {
  const titleId = useId();
  const descId = useId();
  const n = points.length;
  const maxCount = Math.max(1, ...points.map((p) => p.successful + p.failed));
  const plotH = H - PAD.top - PAD.bottom;
  const barW = Math.max(2, ((W - PAD.left - PAD.right) / n) * 0.7);
  const yCount = (v: number) => PAD.top + plotH - (plotH * v) / maxCount;
  const yRate = (v: number) => PAD.top + plotH - (plotH * v) / 100;
  const line = points
    .map((p, i) => (p.cumulativeRate === null ? null : `${xOf(i, n).toFixed(1)},${yRate(p.cumulativeRate).toFixed(1)}`))
    .filter(Boolean)
    .join(' ');
  const total = points.reduce((s, p) => s + p.successful + p.failed, 0);
  const ok = points.reduce((s, p) => s + p.successful, 0);
  const last = [...points].reverse().find((p) => p.cumulativeRate !== null)?.cumulativeRate;
  const labelEvery = Math.max(1, Math.ceil(n / 6));
  return (
    <Box as="figure" m={0}>
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-labelledby={`${titleId} ${descId}`} data-testid="wakeups-chart">
        <title id={titleId}>Wake-ups and success rate over time</title>
        <desc id={descId}>
          {`${ok} successful and ${total - ok} failed wake-ups from ${formatShortDate(points[0]?.date ?? '')} to ${formatShortDate(points[n - 1]?.date ?? '')}` +
            (last !== undefined && last !== null ? `; success rate ${last}%.` : '.')}
        </desc>
        {[0, 50, 100].map((v) => (
          <g key={v}>
            <line x1={PAD.left} x2={W - PAD.right} y1={yRate(v)} y2={yRate(v)} stroke={tokenColor('border')} strokeDasharray="3 3" />
            <text x={W - PAD.right + 4} y={yRate(v) + 4} fontSize="10" fill={tokenColor('fg.muted')}>{`${v}%`}</text>
          </g>
        ))}
        <text x={PAD.left - 6} y={yCount(maxCount) + 4} fontSize="10" textAnchor="end" fill={tokenColor('fg.muted')}>
          {maxCount}
        </text>
        <text x={PAD.left - 6} y={yCount(0) + 4} fontSize="10" textAnchor="end" fill={tokenColor('fg.muted')}>
          0
        </text>
        {points.map((p, i) => {
          const x = xOf(i, n) - barW / 2;
          return (
            <g key={p.date}>
              {p.successful > 0 ? (
                <rect x={x} width={barW} y={yCount(p.successful)} height={yCount(0) - yCount(p.successful)} fill={tokenColor('green.500')} />
              ) : null}
              {p.failed > 0 ? (
                <rect
                  x={x}
                  width={barW}
                  y={yCount(p.successful + p.failed)}
                  height={yCount(p.successful) - yCount(p.successful + p.failed)}
                  fill={tokenColor('red.500')}
                />
              ) : null}
              {i % labelEvery === 0 ? (
                <text x={xOf(i, n)} y={H - 8} fontSize="10" textAnchor="middle" fill={tokenColor('fg.muted')}>
                  {formatShortDate(p.date)}
                </text>
              ) : null}
            </g>
          );
        })}
        {line ? <polyline points={line} fill="none" stroke={tokenColor('blue.500')} strokeWidth="2" /> : null}
      </svg>
      <Box as="figcaption" fontSize="xs" color="fg.muted" display="flex" gap={4} flexWrap="wrap">
        <span>■ green: successful wake-ups</span>
        <span>■ red: failed</span>
        <span>— blue line: success rate so far (right axis)</span>
      </Box>
    </Box>
  );
}

/** Winnings up, losses (the forfeited 15%) down, per day. */
export function EarningsChart({ points }: { points: AnalyticsPoint[] }) {
  const titleId = useId();
  const descId = useId();
  const n = points.length;
  const max = Math.max(1, ...points.map((p) => Math.max(p.winnings, p.losses)));
  const mid = H / 2;
  const half = H / 2 - PAD.top;
  const barW = Math.max(2, ((W - PAD.left - PAD.right) / n) * 0.7);
  const tw = points.reduce((s, p) => s + p.winnings, 0);
  const tl = points.reduce((s, p) => s + p.losses, 0);
  return (
    <Box as="figure" m={0}>
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-labelledby={`${titleId} ${descId}`} data-testid="earnings-chart">
        <title id={titleId}>Earnings and losses per day</title>
        <desc id={descId}>{`Winnings ${formatINR(tw)}, losses ${formatINR(tl)} in this range.`}</desc>
        <line x1={PAD.left} x2={W - PAD.right} y1={mid} y2={mid} stroke={tokenColor('border')} />
        <text x={PAD.left - 6} y={PAD.top + 8} fontSize="10" textAnchor="end" fill={tokenColor('fg.muted')}>{`₹${Math.round(max)}`}</text>
        <text x={PAD.left - 6} y={H - PAD.top} fontSize="10" textAnchor="end" fill={tokenColor('fg.muted')}>{`−₹${Math.round(max)}`}</text>
        {points.map((p, i) => {
          const x = xOf(i, n) - barW / 2;
          const up = (half * p.winnings) / max;
          const down = (half * p.losses) / max;
          return (
            <g key={p.date}>
              {up > 0 ? <rect x={x} width={barW} y={mid - up} height={up} fill={tokenColor('green.500')} /> : null}
              {down > 0 ? <rect x={x} width={barW} y={mid} height={down} fill={tokenColor('red.500')} /> : null}
            </g>
          );
        })}
      </svg>
      <Box as="figcaption" fontSize="xs" color="fg.muted" display="flex" gap={4} flexWrap="wrap">
        <span>■ green above the line: winnings</span>
        <span>■ red below: losses</span>
      </Box>
    </Box>
  );
}

/** Analytics: a real view of wake-ups, success rate, earnings and losses over a chosen range. */
export function AnalyticsModal({ open, onClose, today }: { open: boolean; onClose: () => void; today: string }) {
  const [days, setDays] = useState<(typeof RANGES)[number]>(30);
  const start = addDays(today, -(days - 1));
  const { statistics, earnings } = useAnalytics(start, today, open);
  const points = useMemo(() => analyticsSeries(start, today, statistics.data, earnings.data), [start, today, statistics.data, earnings.data]);
  const loading = statistics.isPending || earnings.isPending;
  const failed = statistics.isError || earnings.isError;
  const s = statistics.data;
  const e = earnings.data;

  return (
    <InfoDialog open={open} onClose={onClose} title="Analytics" size="xl">
      <Stack gap={5}>
        <Group attached aria-label="Range">
          {RANGES.map((r) => (
            <Button key={r} size="sm" variant={r === days ? 'solid' : 'outline'} colorPalette="brand" aria-pressed={r === days} onClick={() => setDays(r)}>
              Last {r} days
            </Button>
          ))}
        </Group>
        {failed ? (
          <LoadFailed
            message="Failed to load statistics"
            onRetry={() => Promise.all([statistics.isError ? statistics.refetch() : null, earnings.isError ? earnings.refetch() : null])}
            retrying={statistics.isFetching || earnings.isFetching}
          />
        ) : loading ? (
          <LinesSkeleton label="Loading analytics..." lines={3} height="16" testId="analytics-loading" />
        ) : (
          <>
            <SimpleGrid columns={{ base: 2, md: 3 }} gap={3}>
              <Stat.Root>
                <Stat.Label>Wake-ups</Stat.Label>
                <Stat.ValueText>{s?.successfulChallenges ?? 0}</Stat.ValueText>
              </Stat.Root>
              <Stat.Root>
                <Stat.Label>Success rate</Stat.Label>
                <Stat.ValueText>{formatPercent(s?.successRate)}</Stat.ValueText>
              </Stat.Root>
              <Stat.Root>
                <Stat.Label>Earnings</Stat.Label>
                <Stat.ValueText>{formatINR(e?.totalWinnings ?? 0)}</Stat.ValueText>
              </Stat.Root>
              <Stat.Root>
                <Stat.Label>Losses</Stat.Label>
                <Stat.ValueText>{formatINR(e?.totalLosses ?? 0)}</Stat.ValueText>
              </Stat.Root>
              <Stat.Root>
                <Stat.Label>Missed</Stat.Label>
                <Stat.ValueText>{s?.failedChallenges ?? 0}</Stat.ValueText>
              </Stat.Root>
              <Stat.Root>
                <Stat.Label>Net</Stat.Label>
                <Stat.ValueText>{formatINR(e?.netEarnings ?? 0)}</Stat.ValueText>
              </Stat.Root>
            </SimpleGrid>
            <Stack gap={2}>
              <Heading as="h3" size="sm">
                Wake-ups and success rate
              </Heading>
              <WakeUpChart points={points} />
            </Stack>
            <Stack gap={2}>
              <Heading as="h3" size="sm">
                Earnings and losses
              </Heading>
              <EarningsChart points={points} />
            </Stack>
          </>
        )}
      </Stack>
    </InfoDialog>
  );
}
