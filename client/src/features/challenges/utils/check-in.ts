// One tap is a check-in series. The tap makes one Idempotency-Key; every retry of that tap sends the same key
// (the server records one check-in and answers each retry alike). A 4xx is final (the server's words are shown); a 5xx,
// a timeout or no network is tried again, 2 s, 4 s, 8 s … 30 s apart, while the window is open.
import { isApiError } from '@/lib/api-client';

export const CHECK_IN_RETRY_CAP_MS = 30_000;

export function checkInRetryDelay(failures: number): number {
  return Math.min(2000 * 2 ** failures, CHECK_IN_RETRY_CAP_MS);
}

/** A 4xx will be refused again; a rate limit (429) and a request timeout (408) pass, like a 5xx or no answer. */
export function isRetryableCheckInError(error: unknown): boolean {
  if (!isApiError(error)) return true;
  return !(error.status >= 400 && error.status < 500) || error.status === 408 || error.status === 429;
}

/** Try again after `failures` failures? Only when the next try still lands inside the window. */
export function shouldRetryCheckIn(failures: number, error: unknown, closesAt: number, now = Date.now()): boolean {
  return isRetryableCheckInError(error) && now + checkInRetryDelay(failures) < closesAt;
}

/** The server's "already checked in": on a retry it means an earlier attempt of this tap was recorded. */
export function isAlreadyCheckedIn(error: unknown): boolean {
  return isApiError(error) && error.status === 400 && /already checked in/i.test(error.serverMessage ?? error.message);
}

export type CheckInPhase = 'idle' | 'sending' | 'retrying' | 'refused' | 'gave-up';

export interface CheckInProgress {
  phase: CheckInPhase;
  /** refused: the server's own words (a 4xx answer says what to do). */
  message?: string;
}

/** "11 min left": whole minutes, rounded down as the countdown beside it is ("11m 40s"); "less than a minute left" at the end. */
export function minutesLeftWords(closesAt: number, now: number): string {
  const ms = closesAt - now;
  if (ms <= 60_000) return 'less than a minute left';
  return `${Math.floor(ms / 60_000)} min left`;
}

export const checkInWords = {
  retrying: 'Not recorded yet — trying again',
  sending: 'Checking in…',
  gaveUpTitle: 'We couldn’t record your check-in before the window closed.',
  gaveUpCovered:
    'If our service was failing this morning, the morning is covered: a miss during an outage of ours is forgiven and your whole stake comes back at settlement.',
  gaveUpDispute: 'If it still shows as a miss, tap “Dispute this miss” under Challenge history within 48 hours and tell us what happened.',
  refusedFallback: 'Your check-in was not accepted.',
} as const;
