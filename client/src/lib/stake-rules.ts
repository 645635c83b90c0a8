// The bounds of one morning's stake and wake-up time (SPEC.md section 5), shared by a single challenge and a plan.
export const MIN_FORFEIT = 10;
export const MAX_FORFEIT = 100;
export const EARLIEST_WAKE_MINUTES = 4 * 60;
export const LATEST_WAKE_MINUTES = 7 * 60;
export const WAKE_STEP_MINUTES = 30;
/** Where a pledge-mode miss goes when the operator keeps no charity list (the server's NO_CHARITY_DESTINATION). */
export const NO_CHARITY_DESTINATION = 'WakeStake (no charity is configured)';

/** Minutes after midnight as "HH:MM" (wrapping past midnight either way). */
export function hhmmOf(minutes: number): string {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** The wake-up times the server accepts: every half hour from 04:00 to 07:00. */
export const WAKE_UP_SLOTS: string[] = Array.from(
  { length: (LATEST_WAKE_MINUTES - EARLIEST_WAKE_MINUTES) / WAKE_STEP_MINUTES + 1 },
  (_, i) => hhmmOf(EARLIEST_WAKE_MINUTES + i * WAKE_STEP_MINUTES),
);
