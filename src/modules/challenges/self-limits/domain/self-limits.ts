import { formatInr, toRupees } from '../../../../common/money.js';
import { formatMoment } from '../../../../common/time.js';
import { MAX_FORFEIT_RUPEES, MIN_FORFEIT_RUPEES } from '../../shared/domain/challenge-rules.js';

/**
 * Limits a person sets on their own staking: a cap on a calendar month's stakes and a cooling-off pause.
 * Tightening takes effect at once; loosening (a higher cap, no cap, a pause ended early) only after COOLING_OFF_MS.
 */
export const COOLING_OFF_MS = 24 * 60 * 60 * 1000;
export const PAUSE_DAYS = [7, 30] as const;
export type PauseDays = (typeof PAUSE_DAYS)[number];
/** A cap below one minimum stake would be a pause; above a stake every day of the longest month, no cap at all. */
export const MIN_CAP_PAISE = BigInt(MIN_FORFEIT_RUPEES) * 100n;
export const MAX_CAP_PAISE = BigInt(MAX_FORFEIT_RUPEES) * 31n * 100n;

export interface SelfLimits {
  /** paise; null: no cap */
  monthlyCap: bigint | null;
  /** a loosening of the cap waiting out the cooling-off period (value null: the cap goes) */
  pendingCap: { value: bigint | null; effectiveAt: Date } | null;
  /** no new stakes before this instant */
  pauseUntil: Date | null;
}

export const NO_LIMITS: SelfLimits = { monthlyCap: null, pendingCap: null, pauseUntil: null };

/** What holds at `now`: a pending change whose time has come replaces the cap; a pause that has ended is gone. */
export function limitsAt(stored: SelfLimits, now: Date): SelfLimits {
  let { monthlyCap, pendingCap, pauseUntil } = stored;
  if (pendingCap && pendingCap.effectiveAt <= now) {
    monthlyCap = pendingCap.value;
    pendingCap = null;
  }
  if (pauseUntil && pauseUntil <= now) pauseUntil = null;
  return { monthlyCap, pendingCap, pauseUntil };
}

export const CAP_RULE = `monthlyStakeCap must be a whole number of rupees from ${formatInr(MIN_CAP_PAISE)} to ${formatInr(MAX_CAP_PAISE)}, or null for no cap`;

/** The cap in whole rupees from ₹10 to ₹3,100, or null for none; else the message. */
export function capProblem(cap: bigint | null): string | null {
  if (cap === null) return null;
  return cap % 100n !== 0n || cap < MIN_CAP_PAISE || cap > MAX_CAP_PAISE ? CAP_RULE : null;
}

/** A lower cap (or a first one) holds at once and drops a pending raise; a higher cap or none waits 24 hours. */
export function changeCap(stored: SelfLimits, cap: bigint | null, now: Date): SelfLimits {
  const current = limitsAt(stored, now);
  if (cap === current.monthlyCap) return { ...current, pendingCap: null };
  const tighter = cap !== null && (current.monthlyCap === null || cap < current.monthlyCap);
  if (tighter) return { ...current, monthlyCap: cap, pendingCap: null };
  return { ...current, pendingCap: { value: cap, effectiveAt: new Date(now.getTime() + COOLING_OFF_MS) } };
}

/** A pause starts at once; it can lengthen a pause already running, never shorten it. */
export function startPause(stored: SelfLimits, days: PauseDays, now: Date): SelfLimits {
  const current = limitsAt(stored, now);
  const until = new Date(now.getTime() + days * 24 * 60 * 60 * 1000);
  return { ...current, pauseUntil: current.pauseUntil && current.pauseUntil > until ? current.pauseUntil : until };
}

/** Ending a pause early: it ends 24 hours from now (or at its own end, if sooner). Null: no pause is running. */
export function endPauseEarly(stored: SelfLimits, now: Date): SelfLimits | null {
  const current = limitsAt(stored, now);
  if (!current.pauseUntil) return null;
  const soonest = new Date(now.getTime() + COOLING_OFF_MS);
  return { ...current, pauseUntil: current.pauseUntil < soonest ? current.pauseUntil : soonest };
}

/** "November 2026" for a YYYY-MM-DD date's month. */
export function monthName(date: string): string {
  const [y, m] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, 1)).toLocaleDateString('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** The first day of a YYYY-MM-DD date's month and of the next one: the month's stakes are those dated in [from, to). */
export function monthRange(date: string): { from: string; to: string } {
  const [y, m] = date.split('-').map(Number);
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return { from: `${date.slice(0, 7)}-01`, to: `${next}-01` };
}

/**
 * Whether a stake of `stake` on a challenge dated `date` is within the person's limits at `now`, given the stakes of
 * that date's calendar month so far (non-cancelled challenges). Null: it is; else the message a person reads.
 */
export function stakeLimitProblem(limits: SelfLimits, input: { date: string; stake: bigint; monthStaked: bigint; now: Date; tz: string }): string | null {
  const current = limitsAt(limits, input.now);
  if (current.pauseUntil) {
    return `You are on a cooling-off pause until ${formatMoment(current.pauseUntil, input.tz)} IST: no new stakes until then`;
  }
  if (current.monthlyCap !== null && input.monthStaked + input.stake > current.monthlyCap) {
    const left = current.monthlyCap > input.monthStaked ? current.monthlyCap - input.monthStaked : 0n;
    return `This stake would go over your monthly limit of ${formatInr(current.monthlyCap)} for ${monthName(input.date)}: ${formatInr(input.monthStaked)} is already staked, ${formatInr(left)} left`;
  }
  return null;
}

export interface SelfLimitsView {
  /** rupees; null: no cap */
  monthlyStakeCap: number | null;
  /** a higher cap (or none) asked for, holding from effectiveAt */
  pendingMonthlyStakeCap: { monthlyStakeCap: number | null; effectiveAt: string } | null;
  /** this calendar month (IST), YYYY-MM, and what its challenges stake */
  month: string;
  monthStaked: number;
  /** rupees the cap leaves this month; null: no cap */
  monthRemaining: number | null;
  isPaused: boolean;
  pausedUntil: string | null;
  coolingOffHours: number;
  pauseDayOptions: readonly number[];
  minMonthlyStakeCap: number;
  maxMonthlyStakeCap: number;
}

/** What GET/PUT /me/limits and the pause answer: `stored` as it holds at `now`, with `staked` in today's month. */
export function selfLimitsView(stored: SelfLimits, now: Date, today: string, staked: bigint): SelfLimitsView {
  const l = limitsAt(stored, now);
  return {
    monthlyStakeCap: l.monthlyCap === null ? null : toRupees(l.monthlyCap),
    pendingMonthlyStakeCap: l.pendingCap
      ? { monthlyStakeCap: l.pendingCap.value === null ? null : toRupees(l.pendingCap.value), effectiveAt: l.pendingCap.effectiveAt.toISOString() }
      : null,
    month: today.slice(0, 7),
    monthStaked: toRupees(staked),
    monthRemaining: l.monthlyCap === null ? null : toRupees(l.monthlyCap > staked ? l.monthlyCap - staked : 0n),
    isPaused: l.pauseUntil !== null,
    pausedUntil: l.pauseUntil?.toISOString() ?? null,
    coolingOffHours: COOLING_OFF_MS / 3_600_000,
    pauseDayOptions: PAUSE_DAYS,
    minMonthlyStakeCap: toRupees(MIN_CAP_PAISE),
    maxMonthlyStakeCap: toRupees(MAX_CAP_PAISE),
  };
}
