import { WAKE_UP_SLOTS } from '@/lib/stake-rules';
import type { BookableDates } from '../api/challenges-api';
import { addDays, formatCalendarDate, minutesOf } from './dates';
import { bookableDates } from './challenge-rules';

/** A date the create form may offer, or one it withholds and why. */
export interface DateChoice {
  date: string;
  label: string;
  /** the wake-up times to offer on it ("HH:MM", ascending) */
  wakeUpTimes: string[];
  reason?: string;
  blockedBy?: 'BOOKED' | 'LEAVE' | 'OTHER';
}

export interface DateChoices {
  offered: DateChoice[];
  withheld: DateChoice[];
  /** the default: the first date that can be booked (null when none can) */
  first: string | null;
}

const suffix = (date: string, today: string) => (date === today ? ' (today)' : date === addDays(today, 1) ? ' (tomorrow)' : '');

/**
 * The dates to offer. The server's answer (GET /challenges/bookable-dates) decides; dates already booked in
 * the cached challenges are withheld too (a create the list has not caught up with). Without the server's answer
 * (loading, failed) every date not booked in the cache is offered, tomorrow first by default, and the server's
 * create check still has the last word.
 */
export function dateChoices(today: string, server: BookableDates | undefined, bookedInCache: ReadonlySet<string>): DateChoices {
  const all = server
    ? server.dates.map((d) => ({ date: d.date, ok: d.bookable, reason: d.reason, blockedBy: d.blockedBy, wakeUpTimes: d.wakeUpTimes }))
    : bookableDates(today).map((date) => ({ date, ok: true, reason: undefined, blockedBy: undefined, wakeUpTimes: WAKE_UP_SLOTS }));
  const base = server?.today ?? today;
  const offered: DateChoice[] = [];
  const withheld: DateChoice[] = [];
  for (const d of all) {
    const label = `${formatCalendarDate(d.date)}${suffix(d.date, base)}`;
    const wakeUpTimes = [...d.wakeUpTimes].sort((a, b) => minutesOf(a) - minutesOf(b));
    if (bookedInCache.has(d.date) && d.ok)
      withheld.push({ date: d.date, label, wakeUpTimes, reason: 'You already have a challenge for this date', blockedBy: 'BOOKED' });
    else if (d.ok && wakeUpTimes.length > 0) offered.push({ date: d.date, label, wakeUpTimes });
    else withheld.push({ date: d.date, label, wakeUpTimes, reason: d.reason ?? 'No wake-up time is left on this date', blockedBy: d.blockedBy ?? 'OTHER' });
  }
  const preferred = server ? offered[0]?.date : (offered.find((c) => c.date === addDays(today, 1)) ?? offered[0])?.date;
  return { offered, withheld, first: preferred ?? null };
}

/** A short word for a withheld date in the picker's note: "booked", "on leave", else the server's reason. */
export function withheldWord(c: DateChoice): string {
  if (c.blockedBy === 'BOOKED') return 'already booked';
  if (c.blockedBy === 'LEAVE') return 'on leave';
  return c.reason ?? 'not bookable';
}

/** The slider's range for a date: from its first offered slot to its last (the stake-rules bounds when none). */
export function wakeRangeOf(choice: DateChoice | undefined): { min: number; max: number } {
  const times = choice?.wakeUpTimes.length ? choice.wakeUpTimes : WAKE_UP_SLOTS;
  return { min: minutesOf(times[0]), max: minutesOf(times[times.length - 1]) };
}
