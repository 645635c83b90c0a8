// The client's reading of SPEC.md sections 4, 5 and 9: pure functions, tested in challenge-rules.test.ts.
import { addDays, hhmmOf, minutesOf } from './dates';
import type { Challenge } from '../api/types';
import { LATEST_WAKE_MINUTES } from '@/lib/stake-rules';
import { FALLBACK_RULES, missRefundOf, type Rules } from '@/lib/rules';

export { EARLIEST_WAKE_MINUTES, LATEST_WAKE_MINUTES, MAX_FORFEIT, MIN_FORFEIT, WAKE_STEP_MINUTES } from '@/lib/stake-rules';

export const DEFAULT_FORFEIT = 25;
/** Creating a challenge needs a balance strictly above this (the server's minBalanceToStake; GET /config). */
export const MIN_BALANCE = FALLBACK_RULES.minBalanceToStake;
/** A balance at or below this (and above MIN_BALANCE) is a low balance. */
export const LOW_BALANCE = 100;
export const ADVANCE_DAYS = 7;
export const DEFAULT_WAKE_MINUTES = LATEST_WAKE_MINUTES;
export const WINDOW_BEFORE_MINUTES = FALLBACK_RULES.checkIn.minutesBefore;
export const WINDOW_AFTER_MINUTES = FALLBACK_RULES.checkIn.minutesAfter;
export const REFUND_PERCENT = FALLBACK_RULES.missRefundPercent;
export const UPCOMING_LIMIT = 5;
export const HISTORY_LIMIT = 5;
export const HISTORY_ALL_LIMIT = 50;
export const CALENDAR_CELL_LIMIT = 2;

// ---------- the check-in window ----------

export type WindowPhase = 'BEFORE' | 'OPEN' | 'CLOSED';

/** The window's instants as the server sent them: [opens, closes) with closes = wake + 11 min. */
export function windowOf(c: Pick<Challenge, 'gracePeriodStartTime' | 'gracePeriodEndTime' | 'windowClosesAt'>) {
  const opensAt = new Date(c.gracePeriodStartTime).getTime();
  const lastMinuteAt = new Date(c.gracePeriodEndTime).getTime();
  // The whole last on-time minute counts (docs/decisions.md, Challenges).
  const closesAt = c.windowClosesAt ? new Date(c.windowClosesAt).getTime() : lastMinuteAt + 60_000;
  return { opensAt, lastMinuteAt, closesAt };
}

export function windowPhase(c: Challenge, now: Date): WindowPhase {
  const w = windowOf(c);
  const t = now.getTime();
  if (Number.isNaN(w.opensAt) || Number.isNaN(w.closesAt)) {
    if (c.canCheckIn || c.isWithinGracePeriod) return 'OPEN';
    return c.isOverdue ? 'CLOSED' : 'BEFORE';
  }
  if (t < w.opensAt) return 'BEFORE';
  if (t < w.closesAt) return 'OPEN';
  return 'CLOSED';
}

/** "06:45"–"07:10" for a wake-up time: 15 minutes before to 10 minutes after (wall clock, IST). */
export function windowLabelsFor(wakeUpTime: string, rules: Rules = FALLBACK_RULES): { opens: string; closes: string } {
  const m = minutesOf(wakeUpTime);
  return { opens: hhmmOf(m - rules.checkIn.minutesBefore), closes: hhmmOf(m + rules.checkIn.minutesAfter) };
}

// ---------- today's challenge ----------

function byWake(a: Challenge, b: Challenge): number {
  return minutesOf(a.wakeUpTime) - minutesOf(b.wakeUpTime);
}

function inWindow(c: Challenge, now?: Date): boolean {
  if (c.isWithinGracePeriod || c.canCheckIn) return true;
  return now ? windowPhase(c, now) === 'OPEN' : false;
}

/**
 * SPEC.md section 4: among today's PENDING challenges, the earliest wake-up of those within grace or open for
 * check-in, else the earliest PENDING; with no PENDING, the latest wake-up among COMPLETED or PROCESSED; else none.
 */
export function selectTodayChallenge(challenges: Challenge[], today: string, now?: Date): Challenge | null {
  const todays = challenges.filter((c) => c.challengeDate === today);
  const pending = todays.filter((c) => c.status === 'PENDING');
  if (pending.length) {
    const open = pending.filter((c) => inWindow(c, now)).sort(byWake);
    if (open.length) return open[0];
    return [...pending].sort(byWake)[0];
  }
  const done = todays.filter((c) => c.status === 'COMPLETED' || c.status === 'PROCESSED').sort(byWake);
  return done.length ? done[done.length - 1] : null;
}

// ---------- today's card ----------

export type CardState = 'NONE' | 'BEFORE_WINDOW' | 'IN_WINDOW' | 'WINDOW_CLOSED' | 'SUCCESS' | 'FAILED';

export function cardState(c: Challenge | null, now: Date): CardState {
  if (!c) return 'NONE';
  if (c.status === 'PENDING') {
    const phase = windowPhase(c, now);
    return phase === 'BEFORE' ? 'BEFORE_WINDOW' : phase === 'OPEN' ? 'IN_WINDOW' : 'WINDOW_CLOSED';
  }
  return c.isSuccessful ? 'SUCCESS' : 'FAILED';
}

/** SPEC.md section 4: the card's label. */
export function cardLabel(state: CardState): string {
  switch (state) {
    case 'NONE':
      return 'No Challenge Today';
    case 'IN_WINDOW':
      return 'Time to Wake Up!';
    case 'BEFORE_WINDOW':
    case 'WINDOW_CLOSED':
      return 'Challenge Pending';
    case 'SUCCESS':
      return 'Challenge Completed!';
    case 'FAILED':
      return 'Challenge Failed';
    default: {
      const never: never = state;
      return never;
    }
  }
}

/** The miss refund (missRefundPercent) of the forfeit, floored to the paisa (as the settlement computes it). */
export function refundOf(forfeit: number, rules: Rules = FALLBACK_RULES): number {
  return missRefundOf(forfeit, rules);
}

/** What a failed challenge actually costs: settled amount once PROCESSED, else 15% of the forfeit. */
export function forfeitLostOf(c: Challenge): number {
  if (c.status === 'PROCESSED' && c.actualForfeitAmount > 0) return c.actualForfeitAmount;
  return Math.round((c.forfeitAmount - refundOf(c.forfeitAmount)) * 100) / 100;
}

// ---------- lists ----------

/** Cancel is open until 23:59:59 IST of the night before: i.e. while the challenge date is after today. */
export function canCancel(c: Challenge, today: string): boolean {
  return c.status === 'PENDING' && c.challengeDate > today;
}

function byDateThenWake(a: Challenge, b: Challenge): number {
  return a.challengeDate === b.challengeDate ? byWake(a, b) : a.challengeDate < b.challengeDate ? -1 : 1;
}

/** PENDING challenges from today on, soonest first, at most `limit`. */
export function upcomingChallenges(challenges: Challenge[], today: string, limit = UPCOMING_LIMIT): Challenge[] {
  return challenges
    .filter((c) => c.status === 'PENDING' && c.challengeDate >= today)
    .sort(byDateThenWake)
    .slice(0, limit);
}

/** Next pledge (soonest upcoming) and the total still staked on PENDING challenges. */
export function pledgesOf(challenges: Challenge[], today: string): { next: Challenge | null; total: number; count: number } {
  const pending = challenges.filter((c) => c.status === 'PENDING' && c.challengeDate >= today).sort(byDateThenWake);
  const total = pending.reduce((sum, c) => sum + Math.round(c.forfeitAmount * 100), 0) / 100;
  return { next: pending[0] ?? null, total, count: pending.length };
}

/** COMPLETED and PROCESSED challenges, newest first, at most `limit`. */
export function historyOf(challenges: Challenge[], limit = HISTORY_LIMIT): Challenge[] {
  const seen = new Set<string>();
  return challenges
    .filter((c) => (c.status === 'COMPLETED' || c.status === 'PROCESSED') && !seen.has(c.id) && seen.add(c.id))
    .sort((a, b) => -byDateThenWake(a, b))
    .slice(0, limit);
}

/** SPEC.md section 4: history entries are labelled COMPLETED or FAILED. */
export function historyLabel(c: Challenge): 'COMPLETED' | 'FAILED' | 'FORGIVEN' {
  return c.isSuccessful ? 'COMPLETED' : isForgiven(c) ? 'FORGIVEN' : 'FAILED';
}

/** A miss settled as forgiven: our service was down during its window, so the whole stake came back. */
export function isForgiven(c: Pick<Challenge, 'status' | 'forgivenReason'>): boolean {
  return c.status === 'PROCESSED' && !!c.forgivenReason;
}

// ---------- the calendar ----------

export type CalendarStatus = 'PENDING' | 'SUCCESS' | 'FAILED' | 'PROCESSED' | 'OTHER';

/** The calendar's colour class: COMPLETED reads as SUCCESS or FAILED; SUCCESS/FAILED statuses pass through. */
export function calendarStatus(c: { status: Challenge['status'] | 'SUCCESS' | 'FAILED'; isSuccessful: boolean | null }): CalendarStatus {
  switch (c.status) {
    case 'PENDING':
      return 'PENDING';
    case 'SUCCESS':
      return 'SUCCESS';
    case 'FAILED':
      return 'FAILED';
    case 'PROCESSED':
      return 'PROCESSED';
    case 'COMPLETED':
      return c.isSuccessful ? 'SUCCESS' : 'FAILED';
    default:
      return 'OTHER';
  }
}

export const calendarColors: Record<CalendarStatus, string> = {
  PENDING: 'yellow',
  SUCCESS: 'green',
  FAILED: 'red',
  PROCESSED: 'blue',
  OTHER: 'gray',
};

export const calendarStatusText: Record<CalendarStatus, string> = {
  PENDING: 'Pending',
  SUCCESS: 'Success',
  FAILED: 'Failed',
  PROCESSED: 'Settled',
  OTHER: 'Other',
};

/** A calendar cell: at most `limit` challenges shown (earliest wake-up first) plus how many more. */
export function calendarCell(challenges: Challenge[], date: string, limit = CALENDAR_CELL_LIMIT): { shown: Challenge[]; more: number } {
  const day = challenges.filter((c) => c.challengeDate === date).sort(byWake);
  return { shown: day.slice(0, limit), more: Math.max(0, day.length - limit) };
}

/** The weeks of a month (Monday first) as YYYY-MM-DD, null for padding cells. */
export function monthGrid(month: string): (string | null)[][] {
  const first = `${month}-01`;
  const [y, m] = month.split('-').map(Number);
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const lead = (new Date(Date.UTC(y, m - 1, 1)).getUTCDay() + 6) % 7;
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let i = 0; i < days; i++) cells.push(addDays(first, i));
  while (cells.length % 7) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

export function shiftMonth(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return d.toISOString().slice(0, 7);
}

// ---------- the create form ----------

export interface CreateFormState {
  balance: number;
  forfeit: number;
  loading?: boolean;
  /** the server's rules (GET /config); the fallback before it answers */
  rules?: Rules;
}

export interface CreateFormCheck {
  disabled: boolean;
  /** The submit button's text. */
  submitLabel: string;
  insufficientBalance: boolean;
  lowBalance: boolean;
  forfeitAboveBalance: boolean;
  forfeitOutOfRange: boolean;
  maxForfeit: number;
}

/** SPEC.md section 5: the create form's warnings and its disabled states. */
export function checkCreateForm({ balance, forfeit, loading = false, rules = FALLBACK_RULES }: CreateFormState): CreateFormCheck {
  const { min, max } = rules.stake;
  const insufficientBalance = balance <= rules.minBalanceToStake;
  const lowBalance = !insufficientBalance && balance <= LOW_BALANCE;
  const forfeitAboveBalance = Number.isFinite(forfeit) && forfeit > balance;
  const maxForfeit = Math.max(min, Math.min(Math.floor(balance), max));
  const forfeitOutOfRange = !Number.isFinite(forfeit) || !Number.isInteger(forfeit) || forfeit < min || forfeit > max;
  let submitLabel = 'Create Challenge';
  if (loading) submitLabel = 'Creating...';
  else if (insufficientBalance) submitLabel = 'Insufficient Balance';
  else if (forfeitAboveBalance) submitLabel = 'Amount Too High';
  return {
    disabled: loading || insufficientBalance || forfeitAboveBalance || forfeitOutOfRange,
    submitLabel,
    insufficientBalance,
    lowBalance,
    forfeitAboveBalance,
    forfeitOutOfRange,
    maxForfeit,
  };
}

/** The dates a challenge may be set for: today to today + 7 (IST). */
export function bookableDates(today: string): string[] {
  return Array.from({ length: ADVANCE_DAYS + 1 }, (_, i) => addDays(today, i));
}

export type CreateErrorOutcome =
  | { kind: 'INSUFFICIENT_BALANCE'; message: string }
  | { kind: 'REDUCE_AMOUNT'; message: string }
  | { kind: 'OTHER'; message: string };

/** SPEC.md section 8: what the create form does with a refused create. */
export function createErrorOutcome(serverMessage: string): CreateErrorOutcome {
  if (serverMessage.includes('Insufficient balance')) {
    return { kind: 'INSUFFICIENT_BALANCE', message: 'Insufficient balance. Please add funds to your wallet to create a challenge.' };
  }
  if (serverMessage.includes('exceeds available balance')) {
    return { kind: 'REDUCE_AMOUNT', message: 'Forfeit amount exceeds available balance! Please reduce the amount.' };
  }
  return { kind: 'OTHER', message: `Failed to create challenge: ${serverMessage}` };
}
