import { formatClock, formatMoment, zonedParts } from '../../../common/time.js';

/**
 * Platform-fault forgiveness, pure: a miss (never checked in, or checked in late) whose check-in window
 * [opensAt, closesAt) overlapped an outage we recorded is settled as forgiven: the whole stake back, nothing to the pool
 * (or to a charity), and it is not a loss in the split. A successful check-in is never touched.
 */

/** An outage as settlement reads it (from the availability module's ListOutagesQuery). */
export interface OutageSpan {
  id: string;
  kind: string;
  startedAt: Date;
  /** null: still going on */
  endedAt: Date | null;
}

/**
 * The kinds that stop a check-in: the route failing, the photo store failing, no api answering, or an incident support
 * recorded by hand. WORKER_DOWN is recorded for support but forgives nothing: a check-in never goes through the worker.
 */
export const FORGIVING_KINDS: readonly string[] = ['CHECKIN_ERRORS', 'UPLOAD_FAILED', 'API_DOWN', 'INCIDENT'];

/** Whether the window and the outage share an instant (half-open intervals; an open outage runs on). */
export function overlaps(window: { opensAt: Date; closesAt: Date }, o: { startedAt: Date; endedAt: Date | null }): boolean {
  return o.startedAt.getTime() < window.closesAt.getTime() && (o.endedAt === null || o.endedAt.getTime() > window.opensAt.getTime());
}

/** The outage that forgives this challenge, or null: only a miss, only a forgiving kind; the earliest such outage. */
export function forgivingOutage<O extends OutageSpan>(c: { isSuccessful: boolean; opensAt: Date; closesAt: Date }, outages: readonly O[]): O | null {
  if (c.isSuccessful) return null;
  let best: O | null = null;
  for (const o of outages) {
    if (!FORGIVING_KINDS.includes(o.kind) || !overlaps(c, o)) continue;
    if (
      !best ||
      o.startedAt < best.startedAt ||
      (o.startedAt.getTime() === best.startedAt.getTime() &&
        (FORGIVING_KINDS.indexOf(o.kind) < FORGIVING_KINDS.indexOf(best.kind) || (o.kind === best.kind && o.id < best.id)))
    )
      best = o;
  }
  return best;
}

const KIND_WORDS: Record<string, string> = {
  CHECKIN_ERRORS: 'check-ins were failing',
  UPLOAD_FAILED: 'check-in photos could not be uploaded',
  API_DOWN: 'the app could not be reached',
  INCIDENT: 'an incident stopped check-ins',
};

/** What the user reads: why the miss was forgiven, with the outage's kind and its time in the app's zone. */
export function forgivenNote(o: OutageSpan, tz: string): string {
  const from = zonedParts(o.startedAt, tz);
  const to = o.endedAt ? zonedParts(o.endedAt, tz) : null;
  // the one date and clock formats: "23 Nov 2026, 6:00 AM–6:03 AM IST", never ISO
  const start = formatMoment(o.startedAt, tz);
  const span = !to ? `since ${start} IST` : to.date === from.date ? `${start}–${formatClock(to.time)} IST` : `${start} – ${formatMoment(o.endedAt!, tz)} IST`;
  return `Forgiven: our service was down during your window (${KIND_WORDS[o.kind] ?? o.kind}, ${span})`;
}
