import { Card, SimpleGrid, Skeleton, Stat, Text } from '@chakra-ui/react';
import { AsOfNote } from '@/components/ui/as-of-note';
import { formatPercent } from '@/lib/format';
import { LoadFailed, type LoadState } from '@/components/ui/load-failed';
import { useAppConfig } from '@/lib/config';
import { formatINR } from '@/lib/money';
import type { ChallengeStats } from '../api/types';

/**
 * The dashboard's four stat cards: current streak, success rate, total challenges, total earnings. `asOf`: the stats are
 * not live; the money card says "as of 6:31 AM" under its figures.
 */
export function ChallengeStatCards({ stats, load, asOf }: { stats: ChallengeStats | null; load?: LoadState; asOf?: string }) {
  // POOL_MODE=pledge: nothing is won, so the fourth card shows what was forfeited (donated) instead of earnings
  const pledge = useAppConfig().data?.poolMode === 'pledge';
  if (!stats && load?.failed) return <LoadFailed message="We couldn't load your statistics." onRetry={load.retry} retrying={load.retrying} />;
  const items = [
    {
      label: 'Current Streak',
      value: stats ? `${stats.currentStreak} day${stats.currentStreak === 1 ? '' : 's'}` : '—',
      help: stats ? `Longest: ${stats.longestStreak}` : '',
    },
    {
      label: 'Success Rate',
      value: stats ? formatPercent(stats.successRate) : '—',
      help: stats ? `${stats.successfulChallenges} of ${stats.successfulChallenges + stats.failedChallenges} closed` : '',
    },
    { label: 'Total Challenges', value: stats ? String(stats.totalChallenges) : '—', help: stats ? `${stats.failedChallenges} failed` : '' },
    pledge
      ? { label: 'Total Forfeited', value: stats ? formatINR(stats.totalLosses) : '—', help: stats ? 'Donated on missed mornings' : '', money: true }
      : {
          label: 'Total Earnings',
          value: stats ? formatINR(stats.totalEarnings) : '—',
          help: stats ? `Losses: ${formatINR(stats.totalLosses)}` : '',
          money: true,
        },
  ];
  return (
    <SimpleGrid columns={{ base: 2, md: 4 }} gap={4} data-testid="stat-cards">
      {items.map((item) => (
        <Card.Root key={item.label}>
          <Card.Body>
            <Stat.Root>
              <Stat.Label>{item.label}</Stat.Label>
              {/* first load: the value's shape, the label already in place */}
              {stats ? <Stat.ValueText>{item.value}</Stat.ValueText> : <Skeleton h="8" w="16" my={1} aria-hidden="true" data-testid="stat-loading" />}
            </Stat.Root>
            {/* The line is kept while loading (a blank), so the cards do not grow when the numbers arrive. */}
            <Text fontSize="sm" color="fg.muted">
              {item.help || '\u00a0'}
            </Text>
            {'money' in item && stats ? <AsOfNote asOf={asOf} short /> : null}
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}
