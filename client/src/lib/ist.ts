// India Standard Time without Intl, for the dashboard's first screen. The first Intl formatter a page builds starts ICU
// (time-zone and locale data): one indivisible task of ~85 ms on Lighthouse's simulated phone, which used to land in the
// dashboard's start-up (today's date in main.tsx, the header's greeting and clock, the balance). IST is UTC+05:30 all
// year (no daylight saving since 1945), so the wall clock is `Date.now() + 5.5 h` read with the UTC getters, exactly.
// Each function returns the same string as the Intl formatter it stands for (lib/ist.test.ts compares them over many
// instants; lib/money.ts does the same for rupees); the Intl formatters are still built, on first use, for the rest.

const IST_OFFSET_MS = 330 * 60_000;
/** Asia/Kolkata has been +05:30 since 15 October 1945 (war time and older offsets before): earlier instants go to Intl. */
const FIXED_SINCE_MS = Date.UTC(1946, 0, 1);

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** The instant's IST wall clock, as a Date whose UTC fields are IST's (null for an invalid date or before 1946). */
function istWall(date: Date): Date | null {
  const t = date.getTime();
  return Number.isFinite(t) && t >= FIXED_SINCE_MS ? new Date(t + IST_OFFSET_MS) : null;
}

/** Hour of the day (0–23) in IST; NaN for an invalid date or before 1946. */
export function istHour(date: Date): number {
  return istWall(date)?.getUTCHours() ?? Number.NaN;
}

/** YYYY-MM-DD in IST (as Intl 'en-CA', year/month/day numeric/2-digit), up to year 9999; null otherwise (and before 1946). */
export function istIsoDate(date: Date): string | null {
  const w = istWall(date);
  if (!w) return null;
  const y = w.getUTCFullYear();
  if (y > 9999) return null;
  return `${y}-${pad2(w.getUTCMonth() + 1)}-${pad2(w.getUTCDate())}`;
}

/** HH:mm (24 h) in IST (as Intl 'en-GB', hourCycle h23); null for an invalid date or before 1946. */
export function istHourMinute(date: Date): string | null {
  const w = istWall(date);
  return w ? `${pad2(w.getUTCHours())}:${pad2(w.getUTCMinutes())}` : null;
}

/**
 * "Friday, 27 November 2026 at 4:45:50 am" (as Intl 'en-IN' with weekday long, day numeric, month long, year numeric,
 * hour numeric, minute and second 2-digit, hour12), up to year 9999; null otherwise (and before 1946).
 */
export function istClock(date: Date): string | null {
  const w = istWall(date);
  if (!w) return null;
  const y = w.getUTCFullYear();
  if (y > 9999) return null;
  const h = w.getUTCHours();
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return (
    `${WEEKDAYS[w.getUTCDay()]}, ${w.getUTCDate()} ${MONTHS[w.getUTCMonth()]} ${y} at ` +
    `${h12}:${pad2(w.getUTCMinutes())}:${pad2(w.getUTCSeconds())} ${h < 12 ? 'am' : 'pm'}`
  );
}
