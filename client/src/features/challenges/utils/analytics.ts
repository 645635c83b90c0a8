import type { Earnings, StreakStatistics } from '../api/types';
import { addDays } from './dates';

export interface AnalyticsPoint {
  date: string;
  successful: number;
  failed: number;
  /** Success rate of all closed challenges up to and including this day, or null before the first. */
  cumulativeRate: number | null;
  winnings: number;
  losses: number;
}

/** One point per day of [start, end]: wake-ups, the running success rate, winnings and losses. */
export function analyticsSeries(start: string, end: string, stats?: StreakStatistics, earnings?: Earnings): AnalyticsPoint[] {
  const daily = new Map((stats?.daily ?? []).map((d) => [d.date, d]));
  const money = new Map((earnings?.earnings ?? []).map((e) => [e.date, e]));
  const out: AnalyticsPoint[] = [];
  let ok = 0;
  let closed = 0;
  for (let d = start; d <= end; d = addDays(d, 1)) {
    const s = daily.get(d);
    const m = money.get(d);
    ok += s?.successful ?? 0;
    closed += (s?.successful ?? 0) + (s?.failed ?? 0);
    out.push({
      date: d,
      successful: s?.successful ?? 0,
      failed: s?.failed ?? 0,
      cumulativeRate: closed ? Math.round((ok / closed) * 1000) / 10 : null,
      winnings: m?.winnings ?? 0,
      losses: m?.losses ?? 0,
    });
  }
  return out;
}
