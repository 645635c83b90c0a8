import { addDays, isValidDate, zonedInstant, zonedParts } from '../../../../common/time.js';
import { checkInWindow, windowPhase } from '../../shared/domain/challenge-rules.js';

/** Recurring challenges: which days a plan books, and when each is booked. Pure: no Nest, no ORM, no clock. */

/** Each day of a plan is booked from the wallet at 20:00 (app zone) the evening before. */
export const PLAN_BOOKING_TIME = '20:00';
export const MAX_PLAN_WEEKS = 12;
/** ISO weekdays: 1 Monday … 7 Sunday. */
export const DAY_SETS: Readonly<Record<string, readonly number[]>> = {
  WEEKDAYS: [1, 2, 3, 4, 5],
  WEEKENDS: [6, 7],
  EVERY_DAY: [1, 2, 3, 4, 5, 6, 7],
};

export function isoWeekday(date: string): number {
  const d = new Date(`${date}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

export interface PlanDays {
  startDate: string;
  endDate: string;
  weekdays: readonly number[];
}

export function planDates(p: PlanDays): string[] {
  const out: string[] = [];
  for (let d = p.startDate; d <= p.endDate; d = addDays(d, 1)) if (p.weekdays.includes(isoWeekday(d))) out.push(d);
  return out;
}

/**
 * Days to book now: today or tomorrow (app zone), on the plan, whose booking moment (20:00 the evening before) has come
 * and whose check-in window has not opened (a morning already under way is not booked late).
 */
export function datesDue(p: PlanDays & { wakeUpTime: string }, now: Date, tz: string): string[] {
  const today = zonedParts(now, tz).date;
  return [today, addDays(today, 1)].filter(
    (d) =>
      d >= p.startDate &&
      d <= p.endDate &&
      p.weekdays.includes(isoWeekday(d)) &&
      zonedInstant(addDays(d, -1), PLAN_BOOKING_TIME, tz).getTime() <= now.getTime() &&
      windowPhase(checkInWindow(d, p.wakeUpTime, tz), now) === 'BEFORE',
  );
}

/** The days a request names: a set's name or a list of ISO weekdays; null when neither. */
export function parseWeekdays(days: unknown): number[] | null {
  if (typeof days === 'string' && DAY_SETS[days.toUpperCase()]) return [...DAY_SETS[days.toUpperCase()]];
  if (!Array.isArray(days) || days.length === 0 || days.length > 7) return null;
  if (!days.every((d) => Number.isInteger(d) && d >= 1 && d <= 7)) return null;
  return [...new Set(days as number[])].sort();
}

/** The problem with a plan's dates, or null: from today, at most MAX_PLAN_WEEKS long, at least one day on it. */
export function planProblem(p: PlanDays, now: Date, tz: string): string | null {
  if (!isValidDate(p.startDate)) return 'startDate must be a date in the form YYYY-MM-DD';
  if (!isValidDate(p.endDate)) return 'endDate must be a date in the form YYYY-MM-DD';
  const today = zonedParts(now, tz).date;
  if (p.startDate < today) return 'startDate cannot be in the past';
  if (p.endDate < p.startDate) return 'endDate cannot be before startDate';
  if (p.endDate > addDays(p.startDate, MAX_PLAN_WEEKS * 7 - 1)) return `A plan can run at most ${MAX_PLAN_WEEKS} weeks`;
  if (planDates(p).length === 0) return 'The plan has no day between startDate and endDate';
  return null;
}

/** A person keeps a handful of plans at most: more is a mistake, not a habit. */
export const MAX_OPEN_PLANS = 5;
