// Money in rupees (en-IN grouping: ₹1,00,000) and times in India Standard Time, whatever the browser's zone.
import { istHourMinute, istIsoDate } from './ist';

// Rupees: lib/money.ts (a module of its own, so that the entry script's chunk, which imports this one, does not carry it).

export const APP_TIME_ZONE = 'Asia/Kolkata';

// Each formatter is built on first use: building one costs ~5 ms on a phone, and start-up would otherwise pay for all.
export function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

type DateInput = Date | string | number;

function toDate(input: DateInput): Date {
  // A bare YYYY-MM-DD is a calendar date in IST, not UTC midnight.
  if (typeof input === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(input)) return new Date(`${input}T00:00:00+05:30`);
  return input instanceof Date ? input : new Date(input);
}

const dateFmt = once(() => new Intl.DateTimeFormat('en-IN', { timeZone: APP_TIME_ZONE, day: 'numeric', month: 'short', year: 'numeric' }));
const timeFmt = once(() => new Intl.DateTimeFormat('en-IN', { timeZone: APP_TIME_ZONE, hour: 'numeric', minute: '2-digit', hour12: true }));
const dateTimeFmt = once(
  () =>
    new Intl.DateTimeFormat('en-IN', {
      timeZone: APP_TIME_ZONE,
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
    }),
);
const isoDateFmt = once(() => new Intl.DateTimeFormat('en-CA', { timeZone: APP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }));
const hmFmt = once(() => new Intl.DateTimeFormat('en-GB', { timeZone: APP_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }));

/** "22 Nov 2026" in IST. */
export function formatISTDate(input: DateInput): string {
  return dateFmt().format(toDate(input));
}

/** "7:05 AM" in IST: the one clock format, the same as a wake-up time's; by arithmetic where it can (lib/ist.ts). */
export function formatISTTime(input: DateInput): string {
  const date = toDate(input);
  const hm = istHourMinute(date);
  return hm ? formatWakeUpTime(hm) : upperMeridiem(timeFmt().format(date));
}

/** "22 Nov 2026, 7:05 AM" in IST. */
export function formatISTDateTime(input: DateInput): string {
  return upperMeridiem(dateTimeFmt().format(toDate(input)));
}

/** Intl's en-IN "am"/"pm" as the one clock format's "AM"/"PM". */
export function upperMeridiem(text: string): string {
  return text.replace(/\b(am|pm)\b/g, (m) => m.toUpperCase());
}

/** A share as a whole percent, the one rounding: 66.67 → "67%". */
export function formatPercent(value: number | null | undefined): string {
  const n = Number(value);
  return `${Number.isFinite(n) ? Math.round(n) : 0}%`;
}

/** "22 Nov 2026, 7:05 AM IST": where a time stands alone and a reader abroad must not take it for local time. */
export function formatISTDateTimeZoned(input: DateInput): string {
  return `${formatISTDateTime(input)} IST`;
}

/** YYYY-MM-DD of the given instant (default now) in IST. */
export function istDateString(input: DateInput = new Date()): string {
  const date = toDate(input);
  return istIsoDate(date) ?? isoDateFmt().format(date);
}

/** HH:mm (24 h) of the given instant (default now) in IST. */
export function istTimeString(input: DateInput = new Date()): string {
  const date = toDate(input);
  return istHourMinute(date) ?? hmFmt().format(date);
}

/** Minutes since IST midnight of the given instant. */
export function istMinutesOfDay(input: DateInput = new Date()): number {
  const [h, m] = istTimeString(input).split(':').map(Number);
  return h * 60 + m;
}

/** A wake-up time "07:30" as "7:30 AM" (a wall-clock time, no zone arithmetic). */
export function formatWakeUpTime(hhmm: string): string {
  const match = /^(\d{1,2}):(\d{2})/.exec(hhmm);
  if (!match) return hhmm;
  const h = Number(match[1]);
  const suffix = h >= 12 ? 'PM' : 'AM';
  return `${h % 12 === 0 ? 12 : h % 12}:${match[2]} ${suffix}`;
}
