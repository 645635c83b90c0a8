import { APP_TIME_ZONE, istDateString, once } from '@/lib/format';

/** YYYY-MM-DD plus n calendar days (no zone involved: pure calendar arithmetic). */
export function addDays(date: string, n: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d + n));
  return t.toISOString().slice(0, 10);
}

/** Today in Asia/Kolkata, whatever the browser's zone. */
export function todayIST(now: Date = new Date()): string {
  return istDateString(now);
}

// Built on first use, not at import: this module is on the dashboard's first screen, and the first Intl formatter of a
// page starts ICU (~85 ms on a phone), which the dashboard's first render no longer needs (lib/ist.ts).
const weekdayFmt = once(() => new Intl.DateTimeFormat('en-IN', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }));
const shortFmt = once(() => new Intl.DateTimeFormat('en-IN', { timeZone: 'UTC', day: 'numeric', month: 'short' }));
const monthFmt = once(() => new Intl.DateTimeFormat('en-IN', { timeZone: 'UTC', month: 'long', year: 'numeric' }));

function utcOf(date: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d));
}

/** "Mon, 23 Nov 2026" for a calendar date (already an IST date). */
export function formatCalendarDate(date: string): string {
  return weekdayFmt().format(utcOf(date));
}

/** "23 Nov" */
export function formatShortDate(date: string): string {
  return shortFmt().format(utcOf(date));
}

/** "November 2026" for a month key YYYY-MM */
export function formatMonth(month: string): string {
  return monthFmt().format(utcOf(`${month}-01`));
}

/** Minutes since midnight of "HH:mm". */
export function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
}

export { hhmmOf } from '@/lib/stake-rules';

/** "1h 02m 05s" / "4m 09s" / "12s" for a duration in ms (never negative). */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  if (h > 0) return `${h}h ${pad(m)}m ${pad(s)}s`;
  if (m > 0) return `${m}m ${pad(s)}s`;
  return `${s}s`;
}

export { APP_TIME_ZONE };
