import { addDays, isValidDate, zonedInstant, zonedParts } from '../../../../common/time.js';

/** Declared leave: pure rules, no Nest, no ORM. */

/** Leave for a date is booked before this time on the evening before (when plans book the next morning). */
export const LEAVE_CUTOFF_TIME = '20:00';
/** How far ahead leave can be booked. */
export const LEAVE_MAX_AHEAD_DAYS = 90;

/** The first instant too late to book (or remove) leave for `date`: 20:00 the evening before, app zone. */
export function leaveCutoff(date: string, tz: string): Date {
  return zonedInstant(addDays(date, -1), LEAVE_CUTOFF_TIME, tz);
}

export const monthOf = (date: string): string => date.slice(0, 7);

/** null when `date` can still be booked or removed at `now`, else why not. */
export function leaveTimingProblem(date: string, now: Date, tz: string): string | null {
  if (!isValidDate(date)) return 'date must be a date in the form YYYY-MM-DD';
  if (now.getTime() >= leaveCutoff(date, tz).getTime()) return `Leave for ${date} had to be booked by ${LEAVE_CUTOFF_TIME} the evening before`;
  const last = addDays(zonedParts(now, tz).date, LEAVE_MAX_AHEAD_DAYS);
  if (date > last) return `Leave can be booked at most ${LEAVE_MAX_AHEAD_DAYS} days ahead (until ${last})`;
  return null;
}

/** null when one more day fits the month's allowance, else why not. */
export function leaveLimitProblem(date: string, bookedInMonth: number, perMonth: number): string | null {
  if (bookedInMonth >= perMonth) return `You can take at most ${perMonth} days of leave a month (${monthOf(date)} is full)`;
  return null;
}
