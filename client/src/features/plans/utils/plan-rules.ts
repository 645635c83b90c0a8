// The plan rules the form shows before the server checks them (server: src/modules/challenges/domain/plan-rules.ts).

export const MAX_PLAN_WEEKS = 12;
export const DEFAULT_PLAN_WEEKS = 4;
export const DEFAULT_PLAN_TIME = '06:00';
export const DEFAULT_PLAN_STAKE = 20;
/** Each morning of a plan is booked from the wallet at 8 PM IST the evening before. */
export const PLAN_BOOKING_TIME = '8 PM';

export const DAY_SETS = {
  WEEKDAYS: [1, 2, 3, 4, 5],
  WEEKENDS: [6, 7],
  EVERY_DAY: [1, 2, 3, 4, 5, 6, 7],
} as const;
export type DaySet = keyof typeof DAY_SETS;

export const WEEKDAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** ISO weekday of a calendar date: 1 Monday … 7 Sunday. */
export function isoWeekday(date: string): number {
  const d = new Date(`${date}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

export function addDays(date: string, n: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** The last day of a plan of `weeks` weeks from `startDate` (as the server computes it). */
export function planEndDate(startDate: string, weeks: number): string {
  return addDays(startDate, weeks * 7 - 1);
}

/** The mornings a plan books, in order. */
export function planDates(startDate: string, endDate: string, weekdays: readonly number[]): string[] {
  const out: string[] = [];
  for (let d = startDate; d <= endDate; d = addDays(d, 1)) if (weekdays.includes(isoWeekday(d))) out.push(d);
  return out;
}

/** "Weekdays", "Weekends", "Every day" or "Mon, Wed, Fri". */
export function describeDays(weekdays: readonly number[]): string {
  const key = [...new Set(weekdays)].sort().join(',');
  if (key === DAY_SETS.WEEKDAYS.join(',')) return 'Weekdays';
  if (key === DAY_SETS.WEEKENDS.join(',')) return 'Weekends';
  if (key === DAY_SETS.EVERY_DAY.join(',')) return 'Every day';
  return [...new Set(weekdays)]
    .sort()
    .map((d) => WEEKDAY_NAMES[d - 1])
    .join(', ');
}

export { WAKE_UP_SLOTS } from '@/lib/stake-rules';
