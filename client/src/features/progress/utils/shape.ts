import type { MorningStatus, ProgressMonth, ProgressMorning, ProgressWeek } from '../api/progress-api';

// Pure shaping of GET /me/progress for the charts and their tables.

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const utc = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d));
};
const iso = (d: Date) => d.toISOString().slice(0, 10);

/** "Mon 3 Feb" */
export function shortDay(date: string): string {
  const d = utc(date);
  return `${DAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
}

/** "3 Feb" */
export function dayMonth(date: string): string {
  const d = utc(date);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
}

/** "2037-02" → "Feb" */
export const monthName = (month: string) => MONTHS[Number(month.slice(5, 7)) - 1];

/** Minutes after midnight → "HH:MM" (wraps past midnight, either way). */
export function clockOf(minutes: number): string {
  const m = ((Math.round(minutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

export const STATUS_WORDS: Record<MorningStatus, string> = { SUCCESS: 'Made it', FAILED: 'Missed', EXCUSED: 'Excused', PENDING: 'To come' };

/** What a heatmap cell says: "Mon 3 Feb: made it at 05:52". */
export function morningLabel(date: string, m: ProgressMorning | undefined): string {
  const day = shortDay(date);
  if (!m) return `${day}: no challenge`;
  const at = m.checkInTime ? m.checkInTime.slice(0, 5) : null;
  switch (m.status) {
    case 'SUCCESS':
      return `${day}: made it at ${at ?? m.wakeUpTime}`;
    case 'FAILED':
      return at ? `${day}: missed, checked in at ${at} (target ${m.wakeUpTime})` : `${day}: missed (target ${m.wakeUpTime})`;
    case 'EXCUSED':
      return `${day}: excused`;
    case 'PENDING':
      return `${day}: to come, target ${m.wakeUpTime}`;
  }
}

export interface HeatCell {
  date: string;
  /** false for the days of the first and last columns that fall outside the year */
  inYear: boolean;
  status: MorningStatus | null;
  label: string;
}

/**
 * Monday-started weeks (columns) of 7 days (rows, Monday first) covering the year, days outside it blank: 53 columns,
 * or 54 for a leap year that starts on a Sunday.
 */
export function heatmapWeeks(year: number, mornings: ProgressMorning[]): HeatCell[][] {
  const byDate = new Map(mornings.map((m) => [m.date, m]));
  const jan1 = utc(`${year}-01-01`);
  const lead = (jan1.getUTCDay() + 6) % 7;
  const days = (utc(`${year + 1}-01-01`).getTime() - jan1.getTime()) / 86_400_000;
  const start = new Date(jan1.getTime() - lead * 86_400_000);
  return Array.from({ length: Math.ceil((lead + days) / 7) }, (_, w) =>
    Array.from({ length: 7 }, (_, d) => {
      const date = iso(new Date(start.getTime() + (w * 7 + d) * 86_400_000));
      const inYear = date.startsWith(`${year}-`);
      const m = inYear ? byDate.get(date) : undefined;
      return { date, inYear, status: m?.status ?? null, label: inYear ? morningLabel(date, m) : '' };
    }),
  );
}

export interface WeekPoint {
  week: string;
  weekStart: string;
  target: number;
  actual: number | null;
}

export const weekSeries = (weeks: ProgressWeek[]): WeekPoint[] =>
  weeks.map((w) => ({ week: dayMonth(w.weekStart), weekStart: w.weekStart, target: w.targetMinutes, actual: w.actualMinutes }));

export interface MonthBar {
  month: string;
  name: string;
  /** rupees in: deposits, stakes back, winnings */
  moneyIn: number;
  /** rupees out: stakes, withdrawals */
  moneyOut: number;
}

// Sums in paise, so ₹0.1 + ₹0.2 is ₹0.3 exactly.
const sum = (...rupees: number[]) => rupees.reduce((s, r) => s + Math.round(r * 100), 0) / 100;

export const monthBars = (months: ProgressMonth[]): MonthBar[] =>
  months.map((m) => ({ month: m.month, name: monthName(m.month), moneyIn: sum(m.deposits, m.returned, m.winnings), moneyOut: sum(m.staked, m.withdrawals) }));

/** How many mornings of each status (the heatmap's legend and summary). */
export function statusCounts(mornings: ProgressMorning[]): Record<MorningStatus, number> {
  const counts: Record<MorningStatus, number> = { SUCCESS: 0, FAILED: 0, EXCUSED: 0, PENDING: 0 };
  for (const m of mornings) counts[m.status] += 1;
  return counts;
}
