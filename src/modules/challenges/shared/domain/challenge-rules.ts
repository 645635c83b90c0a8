import { parseRupees } from '../../../../common/money.js';
import { isOnTime } from './check-in-rule.js';
import { addDays, isValidDate, isValidTime, zonedInstant, zonedParts } from '../../../../common/time.js';

/** Pure rules of a challenge: dates, wake-up times, forfeits, the check-in window. No Nest, no ORM. */

export const MIN_FORFEIT_RUPEES = 10;
export const MAX_FORFEIT_RUPEES = 100;
export const FORFEIT_RULE = `forfeitAmount must be a whole number of rupees from ₹${MIN_FORFEIT_RUPEES} to ₹${MAX_FORFEIT_RUPEES}`;

/** A forfeit in whole rupees from ₹10 to ₹100, as paise; null when it is not one (FORFEIT_RULE says why). */
export function forfeitPaise(value: number): bigint | null {
  const paise = parseRupees(value);
  if (paise === null || paise % 100n !== 0n || paise < BigInt(MIN_FORFEIT_RUPEES) * 100n || paise > BigInt(MAX_FORFEIT_RUPEES) * 100n) return null;
  return paise;
}
/** Creating a challenge needs a balance strictly above this (paise). */
export const MIN_BALANCE_PAISE = 5000n;
/** The ₹50 rule in its one wording: GET /config's rules.minBalanceRule and the low-balance refusals say it. */
export const MIN_BALANCE_RULE = `You need more than ₹${MIN_BALANCE_PAISE / 100n} in your wallet to stake`;
export const ADVANCE_DAYS = 7;
export const EARLIEST_WAKE = '04:00';
export const LATEST_WAKE = '07:00';
export const WAKE_STEP_MINUTES = 30;
/** The window opens this many minutes before the wake-up time... */
export const WINDOW_BEFORE_MINUTES = 15;
/** ...and the last on-time minute is this many minutes after it (the whole minute counts). */
export const WINDOW_AFTER_MINUTES = 10;

const MINUTE = 60_000;

export type ChallengeStatus = 'PENDING' | 'COMPLETED' | 'PROCESSED' | 'CANCELLED';
export const CHALLENGE_STATUSES: readonly ChallengeStatus[] = ['PENDING', 'COMPLETED', 'PROCESSED', 'CANCELLED'];
/** The status words GET /challenges/status/{status} takes: the statuses, and ACTIVE (clients' word for PENDING). */
export const CHALLENGE_STATUS_FILTERS: Readonly<Record<string, ChallengeStatus>> = {
  PENDING: 'PENDING',
  ACTIVE: 'PENDING',
  COMPLETED: 'COMPLETED',
  PROCESSED: 'PROCESSED',
  CANCELLED: 'CANCELLED',
};

export interface CheckInWindow {
  /** wake-up − 15 min: the first instant a check-in is accepted */
  opensAt: Date;
  /** wake-up + 10 min: the last on-time minute as shown to people (gracePeriodEndTime) */
  lastMinuteAt: Date;
  /** wake-up + 11 min: the first instant that is late (exclusive end of the window) */
  closesAt: Date;
}

/**
 * The window compares minutes, as SPEC.md says: 15 minutes before is open, 16 is not; 10 after is
 * open (all of that minute), 11 is late. As instants: [wake − 15:00, wake + 11:00).
 */
export function checkInWindow(date: string, wakeUpTime: string, tz: string): CheckInWindow {
  const wake = zonedInstant(date, wakeUpTime, tz).getTime();
  return {
    opensAt: new Date(wake - WINDOW_BEFORE_MINUTES * MINUTE),
    lastMinuteAt: new Date(wake + WINDOW_AFTER_MINUTES * MINUTE),
    closesAt: new Date(wake + (WINDOW_AFTER_MINUTES + 1) * MINUTE),
  };
}

export type WindowPhase = 'BEFORE' | 'OPEN' | 'CLOSED';

export function windowPhase(w: Pick<CheckInWindow, 'opensAt' | 'closesAt'>, now: Date): WindowPhase {
  if (now.getTime() < w.opensAt.getTime()) return 'BEFORE';
  // open until the close: a check-in now would be on time (the check-in rule)
  return isOnTime(now, w.closesAt) ? 'OPEN' : 'CLOSED';
}

/** Minutes (rounded up) to the window's opening before it, to its close inside it, 0 after. */
export function timeRemainingMinutes(w: Pick<CheckInWindow, 'opensAt' | 'closesAt'>, now: Date): number {
  const phase = windowPhase(w, now);
  if (phase === 'BEFORE') return Math.ceil((w.opensAt.getTime() - now.getTime()) / MINUTE);
  if (phase === 'OPEN') return Math.ceil((w.closesAt.getTime() - now.getTime()) / MINUTE);
  return 0;
}

export function isWakeUpSlot(time: string): boolean {
  if (!isValidTime(time)) return false;
  const m = toMinutes(time);
  return m >= toMinutes(EARLIEST_WAKE) && m <= toMinutes(LATEST_WAKE) && m % WAKE_STEP_MINUTES === 0;
}

export function toMinutes(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return h * 60 + m;
}

/** null when the date is allowed for a new challenge at `now`, else the reason. */
export function dateProblem(date: string, wakeUpTime: string | null, now: Date, tz: string): string | null {
  if (!isValidDate(date)) return 'challengeDate must be a date in the form YYYY-MM-DD';
  const today = zonedParts(now, tz).date;
  const last = addDays(today, ADVANCE_DAYS);
  if (date < today) return 'Challenge date cannot be in the past';
  if (date > last) return `Challenge date can be at most ${ADVANCE_DAYS} days ahead (until ${last})`;
  if (date === today && wakeUpTime && isValidTime(wakeUpTime)) {
    if (windowPhase(checkInWindow(date, wakeUpTime, tz), now) !== 'BEFORE') {
      return 'The check-in window for this wake-up time has already opened today; choose a later time or another date';
    }
  }
  return null;
}

/** Cancellation is allowed until 23:59:59 of the night before the challenge date (app zone). */
export function cancellationOpen(date: string, now: Date, tz: string): boolean {
  return now.getTime() < zonedInstant(date, '00:00', tz).getTime();
}

export interface DayOutcome {
  date: string;
  isSuccessful: boolean;
}

/**
 * Streaks over closed challenges in date order: a success extends the streak, a failure ends it, a
 * day without a closed challenge neither extends nor ends it.
 */
export function streaks(outcomes: DayOutcome[]): { currentStreak: number; longestStreak: number } {
  const sorted = [...outcomes].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  let current = 0;
  let longest = 0;
  for (const o of sorted) {
    current = o.isSuccessful ? current + 1 : 0;
    if (current > longest) longest = current;
  }
  return { currentStreak: current, longestStreak: longest };
}

/** successful / closed × 100, one decimal; 0 with nothing closed. */
export function successRate(successful: number, failed: number): number {
  const closed = successful + failed;
  return closed === 0 ? 0 : Math.round((successful / closed) * 1000) / 10;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** Every wake-up slot the create route accepts, from the domain's bounds (the one source of the rule). */
export const WAKE_UP_SLOTS: string[] = Array.from({ length: (toMinutes(LATEST_WAKE) - toMinutes(EARLIEST_WAKE)) / WAKE_STEP_MINUTES + 1 }, (_, i) => {
  const m = toMinutes(EARLIEST_WAKE) + i * WAKE_STEP_MINUTES;
  return `${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
});
