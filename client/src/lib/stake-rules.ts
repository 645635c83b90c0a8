// The bounds of one morning's stake and wake-up time (SPEC.md section 5), shared by a single challenge and a plan.
// The server's rules come from GET /config (lib/rules.ts, useRules); these are the first render's stand-ins, taken from
// the one fallback copy there, never re-declared here.
import { FALLBACK_RULES, minutesOfHHMM } from './rules';

export const MIN_FORFEIT = FALLBACK_RULES.stake.min;
export const MAX_FORFEIT = FALLBACK_RULES.stake.max;
export const EARLIEST_WAKE_MINUTES = minutesOfHHMM(FALLBACK_RULES.wakeUp.earliest);
export const LATEST_WAKE_MINUTES = minutesOfHHMM(FALLBACK_RULES.wakeUp.latest);
export const WAKE_STEP_MINUTES = FALLBACK_RULES.wakeUp.stepMinutes;
/** Where a pledge-mode miss goes when the operator keeps no charity list (the server's NO_CHARITY_DESTINATION). */
export const NO_CHARITY_DESTINATION = 'WakeStake (no charity is configured)';

/** Minutes after midnight as "HH:MM" (wrapping past midnight either way). */
export function hhmmOf(minutes: number): string {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** The wake-up times the server accepts: every half hour from 04:00 to 07:00. */
export const WAKE_UP_SLOTS: string[] = Array.from({ length: (LATEST_WAKE_MINUTES - EARLIEST_WAKE_MINUTES) / WAKE_STEP_MINUTES + 1 }, (_, i) =>
  hhmmOf(EARLIEST_WAKE_MINUTES + i * WAKE_STEP_MINUTES),
);
