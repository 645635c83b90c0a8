/** Appeals: who may dispute a miss, and until when. Pure. */

export const APPEAL_WINDOW_HOURS = 48;
export const APPEAL_REASON_MIN = 10;
export const APPEAL_REASON_MAX = 1000;
export type AppealStatus = 'OPEN' | 'UPHELD' | 'REFUNDED';
export type AppealDecision = Exclude<AppealStatus, 'OPEN'>;

/** Why this challenge cannot be appealed now, or null: only a miss, once, within 48 h of its window's close. */
export function appealProblem(c: { status: string; isSuccessful: boolean | null; windowClosesAt: Date }, now: Date): string | null {
  if (c.isSuccessful !== false || (c.status !== 'COMPLETED' && c.status !== 'PROCESSED')) return 'Only a missed morning can be appealed';
  if (now.getTime() > c.windowClosesAt.getTime() + APPEAL_WINDOW_HOURS * 3_600_000)
    return `A miss can be appealed within ${APPEAL_WINDOW_HOURS} hours of its check-in window`;
  return null;
}

export function reasonProblem(reason: unknown): string | null {
  if (typeof reason !== 'string' || reason.trim().length < APPEAL_REASON_MIN)
    return `reason must say what happened in at least ${APPEAL_REASON_MIN} characters`;
  if (reason.length > APPEAL_REASON_MAX) return `reason must be at most ${APPEAL_REASON_MAX} characters`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(reason)) return 'reason must be plain text';
  return null;
}
