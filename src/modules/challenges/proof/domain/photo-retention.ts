import { addDays } from '../../../../common/time.js';

/**
 * Check-in photos are kept this many days after the challenge date, then deleted: long past the 48 h appeal window and
 * a support dispute about a settled day, short enough that selfies do not pile up.
 */
export const PHOTO_RETENTION_DAYS = 90;

/** How far behind the cutoff a purge still looks, so a purge missed during an outage catches up. */
export const PHOTO_PURGE_CATCH_UP_DAYS = 30;

/** Challenge dates [from, to) whose photos are due for deletion on `today` (app time zone). */
export function photoPurgeRange(today: string): { from: string; to: string } {
  const to = addDays(today, -PHOTO_RETENTION_DAYS);
  return { from: addDays(to, -PHOTO_PURGE_CATCH_UP_DAYS), to };
}
