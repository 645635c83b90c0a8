/** "Still awake?": a second check after a successful check-in. Pure rules, no Nest, no ORM. */

export const STILL_AWAKE_MIN_DELAY_MINUTES = 20;
export const STILL_AWAKE_MAX_DELAY_MINUTES = 40;
/** The check is answerable this long after it is asked. */
export const STILL_AWAKE_ANSWER_MINUTES = 10;
export const STILL_AWAKE_FAILURE = 'Did not answer the still-awake check';

const MINUTE = 60_000;
/** The delay's spread in whole seconds: a random offset is drawn from [0, this]. */
export const STILL_AWAKE_SPREAD_SECONDS = (STILL_AWAKE_MAX_DELAY_MINUTES - STILL_AWAKE_MIN_DELAY_MINUTES) * 60;

/** When the check is asked and until when it can be answered, from the check-in and a random offset in seconds. */
export function stillAwakeMoment(checkInAt: Date, offsetSeconds: number): { askAt: Date; deadlineAt: Date } {
  const offset = Math.min(Math.max(Math.floor(offsetSeconds), 0), STILL_AWAKE_SPREAD_SECONDS);
  const askAt = new Date(checkInAt.getTime() + STILL_AWAKE_MIN_DELAY_MINUTES * MINUTE + offset * 1000);
  return { askAt, deadlineAt: new Date(askAt.getTime() + STILL_AWAKE_ANSWER_MINUTES * MINUTE) };
}

export type StillAwakeOutcome = 'ANSWERED' | 'MISSED' | 'VOID';
/** SCHEDULED: not yet asked (its moment stays secret); ASKING: answerable now; EXPIRED: unanswered, not yet closed. */
export type StillAwakeStatus = 'SCHEDULED' | 'ASKING' | 'EXPIRED' | StillAwakeOutcome;

export interface StillAwakeCheck {
  askAt: Date;
  deadlineAt: Date;
  askedAt: Date | null;
  answeredAt: Date | null;
  outcome: StillAwakeOutcome | null;
}

export function stillAwakeStatus(c: StillAwakeCheck, now: Date): StillAwakeStatus {
  if (c.outcome) return c.outcome;
  if (now.getTime() < c.askAt.getTime()) return 'SCHEDULED';
  if (now.getTime() < c.deadlineAt.getTime()) return 'ASKING';
  return 'EXPIRED';
}

/**
 * How an unanswered check closes at its deadline: MISSED (the morning fails) once the server has asked it; VOID (the
 * morning stands) when it was never asked, e.g. the worker was down: nobody loses money for a question never put.
 */
export function closeUnanswered(c: Pick<StillAwakeCheck, 'askedAt'>): 'MISSED' | 'VOID' {
  return c.askedAt ? 'MISSED' : 'VOID';
}

/** Why an answer at `now` is refused, or null when it counts. */
export function answerProblem(c: StillAwakeCheck, now: Date): 'NOT_ASKED_YET' | 'ALREADY_ANSWERED' | 'EXPIRED' | null {
  const s = stillAwakeStatus(c, now);
  if (s === 'ASKING') return null;
  if (s === 'SCHEDULED') return 'NOT_ASKED_YET';
  if (s === 'ANSWERED') return 'ALREADY_ANSWERED';
  return 'EXPIRED';
}
