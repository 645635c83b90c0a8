/**
 * When the platform counts as down, pure (no Nest, no ORM, no clock). Thresholds are documented in docs/reliability.md.
 *
 * - CHECKIN_ERRORS: a minute in which the check-in route (POST /challenges/verify, all api processes together) answered
 *   at least MIN_BAD_ANSWERS 5xx and they were at least BAD_RATE_PERCENT of its answers.
 * - UPLOAD_FAILED: the same rule over the check-in photos the store refused.
 * - API_DOWN / WORKER_DOWN: no heartbeat from any process of that role for more than DOWN_GAP_SECONDS (each process
 *   beats every HEARTBEAT_SECONDS); the outage runs from the last beat before the gap to the first one after it.
 * Consecutive bad minutes are one outage; an outage still going on has no end.
 */

export const OUTAGE_KINDS = ['CHECKIN_ERRORS', 'UPLOAD_FAILED', 'API_DOWN', 'WORKER_DOWN', 'INCIDENT'] as const;
export type OutageKind = (typeof OUTAGE_KINDS)[number];

export const HEARTBEAT_SECONDS = 15;
/** six missed beats: a rolling restart (seconds) never counts, a crashed or unreachable process does */
export const DOWN_GAP_SECONDS = 90;
/**
 * A silence longer than this is not read as an outage: nothing is known of it (the recorder was off, the database was
 * restored, the beats are another deployment's, a test's clock jumped years). Read as one, it would forgive every miss
 * it covers, paid by that morning's winners; an outage this long is recorded by support by hand.
 */
export const MAX_SILENCE_HOURS = 24;
export const MIN_BAD_ANSWERS = 3;
export const BAD_RATE_PERCENT = 25;
const MINUTE = 60_000;

export interface Interval {
  startedAt: Date;
  /** null: still going on */
  endedAt: Date | null;
}

export interface DetectedOutage extends Interval {
  kind: OutageKind;
  detail: string;
}

/** One minute of the check-in route, all api processes together. */
export interface MinuteSample {
  minute: Date;
  checkins: number;
  checkinErrors: number;
  uploads: number;
  uploadFailures: number;
}

/** One minute of heartbeats of one role, all its processes together. */
export interface BeatMinute {
  minute: Date;
  firstBeatAt: Date;
  lastBeatAt: Date;
}

/** Whether `bad` failures out of `total` answers make a bad minute (total below bad: the failures are the total). */
export function isBadMinute(bad: number, total: number): boolean {
  return bad >= MIN_BAD_ANSWERS && bad * 100 >= BAD_RATE_PERCENT * Math.max(total, bad);
}

/** Runs of consecutive bad minutes, each as one interval [first minute, last minute + 1 min). */
function runsOf(minutes: Date[]): { startedAt: Date; endedAt: Date; minutes: number }[] {
  const sorted = [...minutes].sort((a, b) => a.getTime() - b.getTime());
  const runs: { startedAt: Date; endedAt: Date; minutes: number }[] = [];
  for (const m of sorted) {
    const last = runs[runs.length - 1];
    if (last && last.endedAt.getTime() >= m.getTime()) {
      last.endedAt = new Date(Math.max(last.endedAt.getTime(), m.getTime() + MINUTE));
      last.minutes++;
    } else runs.push({ startedAt: m, endedAt: new Date(m.getTime() + MINUTE), minutes: 1 });
  }
  return runs;
}

/** The error-rate outages of the check-in route in these minutes. */
export function errorRateOutages(samples: readonly MinuteSample[]): DetectedOutage[] {
  const out: DetectedOutage[] = [];
  const errors = samples.filter((s) => isBadMinute(s.checkinErrors, s.checkins));
  for (const r of runsOf(errors.map((s) => s.minute))) {
    out.push({ kind: 'CHECKIN_ERRORS', ...r, detail: `check-in route: at least ${BAD_RATE_PERCENT}% of answers were server errors for ${r.minutes} min` });
  }
  const uploads = samples.filter((s) => isBadMinute(s.uploadFailures, s.uploads));
  for (const r of runsOf(uploads.map((s) => s.minute))) {
    out.push({ kind: 'UPLOAD_FAILED', ...r, detail: `check-in photos: at least ${BAD_RATE_PERCENT}% of uploads failed for ${r.minutes} min` });
  }
  return out.map(({ kind, startedAt, endedAt, detail }) => ({ kind, startedAt, endedAt, detail }));
}

/**
 * The heartbeat gaps of one role longer than DOWN_GAP_SECONDS (and at most MAX_SILENCE_HOURS), in minutes ordered or
 * not. A last beat older than the gap at `now` is an outage seen until now. No beat at all: nothing is known, nothing
 * is reported.
 */
export function heartbeatGaps(kind: 'API_DOWN' | 'WORKER_DOWN', beats: readonly BeatMinute[], now: Date): DetectedOutage[] {
  const sorted = [...beats].sort((a, b) => a.minute.getTime() - b.minute.getTime());
  const out: DetectedOutage[] = [];
  const who = kind === 'API_DOWN' ? 'api' : 'worker';
  const known = (gap: number) => gap > DOWN_GAP_SECONDS * 1000 && gap <= MAX_SILENCE_HOURS * 3_600_000;
  for (let i = 1; i < sorted.length; i++) {
    const from = sorted[i - 1].lastBeatAt;
    const to = sorted[i].firstBeatAt;
    const gap = to.getTime() - from.getTime();
    if (known(gap)) out.push({ kind, startedAt: from, endedAt: to, detail: `no ${who} process answered its heartbeat for ${Math.round(gap / 1000)} s` });
  }
  const last = sorted[sorted.length - 1];
  // Silence since the last beat is an outage seen until now, never an open-ended one: beats that stop for good (the
  // recorder switched off, a process renamed) must not forgive every morning after. The next detection extends it.
  if (last && known(now.getTime() - last.lastBeatAt.getTime())) {
    out.push({
      kind,
      startedAt: last.lastBeatAt,
      endedAt: now,
      detail: `no ${who} process has answered its heartbeat since then (seen until ${now.toISOString()})`,
    });
  }
  return out;
}

/** Whether two intervals share an instant or touch ([a, b) and [b, c) touch: one outage, not two). */
export function touches(a: Interval, b: Interval): boolean {
  const aEnd = a.endedAt?.getTime() ?? Infinity;
  const bEnd = b.endedAt?.getTime() ?? Infinity;
  return a.startedAt.getTime() <= bEnd && b.startedAt.getTime() <= aEnd;
}

/** The union of a stored outage and a touching newer reading; the newer reading says whether it is still going on. */
export function merged(stored: Interval, found: Interval): Interval {
  const startedAt = new Date(Math.min(stored.startedAt.getTime(), found.startedAt.getTime()));
  if (found.endedAt === null) return { startedAt, endedAt: null };
  if (stored.endedAt === null) return { startedAt, endedAt: found.endedAt };
  return { startedAt, endedAt: new Date(Math.max(stored.endedAt.getTime(), found.endedAt.getTime())) };
}

/** The minute an instant falls in (UTC minutes; India's offset is whole minutes). */
export function minuteOf(at: Date): Date {
  return new Date(Math.floor(at.getTime() / MINUTE) * MINUTE);
}

export const OUTAGE_DETAIL_MIN = 5;
export const OUTAGE_DETAIL_MAX = 500;

/** Why support's outage cannot be recorded as given, or null. */
export function manualOutageProblem(o: { kind: string; startedAt: Date; endedAt: Date | null; detail: unknown }, now: Date): string | null {
  if (!(OUTAGE_KINDS as readonly string[]).includes(o.kind)) return `kind must be one of ${OUTAGE_KINDS.join(', ')}`;
  if (Number.isNaN(o.startedAt.getTime())) return 'startedAt must be an ISO instant';
  if (o.startedAt > now) return 'startedAt must not be in the future';
  if (o.endedAt) {
    if (Number.isNaN(o.endedAt.getTime())) return 'endedAt must be an ISO instant';
    if (o.endedAt <= o.startedAt) return 'endedAt must be after startedAt';
    if (o.endedAt > now) return 'endedAt must not be in the future (leave it out while the outage goes on)';
  }
  if (typeof o.detail !== 'string' || o.detail.trim().length < OUTAGE_DETAIL_MIN)
    return `detail must say what happened in at least ${OUTAGE_DETAIL_MIN} characters`;
  if (o.detail.length > OUTAGE_DETAIL_MAX) return `detail must be at most ${OUTAGE_DETAIL_MAX} characters`;
  return null;
}
