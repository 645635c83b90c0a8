/** The mail queue: one job per outbox message (job id = mail-<outbox id>, so a message is queued once at a time). */
export const MAIL_QUEUE = 'mail';
export const MAIL_JOB = 'send';
export const mailJobId = (outboxId: string): string => `mail-${outboxId}`;
/** Longest wait between two attempts of one message. */
export const MAIL_MAX_BACKOFF_MS = 15 * 60_000;
/** A message not sent after this long alerts (error log once, support console, wakestake_mail_outbox_oldest_unsent_age_seconds). */
export const MAIL_ALERT_AFTER_MS = 24 * 3600_000;
/** Retry delay after attempt n (1-based): doubling from the first delay, capped. */
export function mailBackoffMs(attemptsMade: number, firstDelayMs: number): number {
  return Math.min(firstDelayMs * 2 ** Math.max(0, attemptsMade - 1), MAIL_MAX_BACKOFF_MS);
}
