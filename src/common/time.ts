/** Calendar arithmetic in the app's time zone (Asia/Kolkata by default), independent of the server's own zone. */
export interface ZonedParts {
  date: string; // YYYY-MM-DD
  time: string; // HH:mm
  minutes: number; // minutes from local midnight
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone: tz,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(tz, f);
  }
  return f;
}

/** The wall clock in tz at an instant, read from Intl (the reference the cached path below must agree with). */
export function zonedPartsIntl(instant: Date, tz: string): ZonedParts & { seconds: number } {
  const parts = Object.fromEntries(
    formatter(tz)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  const hour = Number(parts.hour);
  const minute = Number(parts.minute);
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
    minutes: hour * 60 + minute,
    seconds: Number(parts.second),
  };
}

/** Offset of tz from UTC at an instant, in milliseconds (whole seconds), from Intl. */
function offsetMsIntl(instant: Date, tz: string): number {
  const p = zonedPartsIntl(instant, tz);
  const [y, m, d] = p.date.split('-').map(Number);
  const asUtc = Date.UTC(y, m - 1, d, Math.floor(p.minutes / 60), p.minutes % 60, p.seconds);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

const HOUR_MS = 3_600_000;
const MAX_CACHED_HOURS = 50_000;
/** Per zone, per UTC hour: the offset when it is the same at the hour's first and last millisecond, else null. */
const hourOffsets = new Map<string, Map<number, number | null>>();

/**
 * Offset of tz from UTC at an instant, in milliseconds. Intl's formatToParts costs ~10 µs a call, and every challenge
 * view needs several (the check-in rush calls this thousands of times a second), so the offset is remembered per UTC
 * hour: an hour whose first and last millisecond have the same offset has it throughout (no zone changes its offset
 * twice within an hour); an hour with a transition in it is answered by Intl every time.
 */
function offsetMs(instant: Date, tz: string): number {
  const hour = Math.floor(instant.getTime() / HOUR_MS);
  let byHour = hourOffsets.get(tz);
  if (!byHour) hourOffsets.set(tz, (byHour = new Map()));
  let offset = byHour.get(hour);
  if (offset === undefined) {
    const first = offsetMsIntl(new Date(hour * HOUR_MS), tz);
    offset = first === offsetMsIntl(new Date(hour * HOUR_MS + HOUR_MS - 1), tz) ? first : null;
    if (byHour.size >= MAX_CACHED_HOURS) byHour.clear();
    byHour.set(hour, offset);
  }
  return offset ?? offsetMsIntl(instant, tz);
}

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

/** The wall clock in tz at an instant: the UTC fields of the instant moved by the zone's offset. */
export function zonedParts(instant: Date, tz: string): ZonedParts & { seconds: number } {
  const local = new Date(Math.floor(instant.getTime() / 1000) * 1000 + offsetMs(instant, tz));
  const year = local.getUTCFullYear();
  if (year < 1000 || year > 9999) return zonedPartsIntl(instant, tz);
  const hour = local.getUTCHours();
  const minute = local.getUTCMinutes();
  return {
    date: `${year}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`,
    time: `${pad(hour)}:${pad(minute)}`,
    minutes: hour * 60 + minute,
    seconds: local.getUTCSeconds(),
  };
}

/** The instant at which the wall clock in tz shows date + time (HH:mm). */
export function zonedInstant(date: string, time: string, tz: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  const guess = Date.UTC(y, m - 1, d, hh, mm);
  const first = guess - offsetMs(new Date(guess), tz);
  return new Date(guess - offsetMs(new Date(first), tz));
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export function isValidDate(date: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  const [y, m, d] = date.split('-').map(Number);
  // Up to 9998: a range ending in 9999 would step past the year 9999 the date format can write (a 500, not a 400).
  if (y > 9998) return false;
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}

export function isValidTime(time: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(time);
}

// Built once (constructing an Intl formatter is costly on hot paths).
const DAY_WORDS = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** A calendar date (YYYY-MM-DD) as a person reads it, en-IN: "28 Nov 2026" (no ISO dates in words). */
export function formatDay(date: string): string {
  if (!isValidDate(date)) return date;
  const [y, m, d] = date.split('-').map(Number);
  return DAY_WORDS.format(new Date(Date.UTC(y, m - 1, d)));
}

/**
 * A wall-clock time (HH:MM) as a person reads it: "6:00 AM", the one clock format, the same as the client's
 * formatWakeUpTime (client/src/lib/format.ts). Anything else is returned as it came.
 */
export function formatClock(time: string): string {
  const m = /^(\d{1,2}):(\d{2})$/.exec(time);
  if (!m || Number(m[1]) > 23) return time;
  const h = Number(m[1]);
  return `${h % 12 === 0 ? 12 : h % 12}:${m[2]} ${h >= 12 ? 'PM' : 'AM'}`;
}

/** A wake-up time in the words of every notice, mail, reminder and calendar entry: "6:00 AM IST" (the app's zone). */
export function formatWakeTime(time: string): string {
  return `${formatClock(time)} IST`;
}

/** An instant as a person reads it in `tz`: "3 Dec 2026, 10:00 AM" (formatDay and formatClock; callers add " IST"). */
export function formatMoment(instant: Date, tz: string): string {
  const p = zonedParts(instant, tz);
  return `${formatDay(p.date)}, ${formatClock(p.time)}`;
}
