// The dashboard header's words (greeting, first name, clock), without React or Chakra: the header renders them, and the
// entry script (app/first-screen.ts) writes the same words into index.html's static first screen before the app loads.
import { APP_TIME_ZONE, once } from '@/lib/format';
import { upperMeridiem } from '@/lib/format';
import { istClock, istHour } from '@/lib/ist';

// Without Intl (lib/ist.ts: the same strings, and no ICU start, ~85 ms on a phone, on the dashboard's first screen);
// these formatters only for dates lib/ist.ts leaves to Intl. Built on first use, not at import: the entry script imports
// this module on every page.
const hourFmt = once(() => new Intl.DateTimeFormat('en-GB', { timeZone: APP_TIME_ZONE, hour: '2-digit', hourCycle: 'h23' }));
const clockFmt = once(
  () =>
    new Intl.DateTimeFormat('en-IN', {
      timeZone: APP_TIME_ZONE,
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      second: '2-digit',
      hour12: true,
    }),
);

/** "Good morning" by the hour in IST. */
export function greetingFor(now: Date): string {
  const fast = istHour(now);
  const h = Number.isNaN(fast) ? Number(hourFmt().format(now)) : fast;
  if (h < 12) return 'Good morning';
  if (h < 17) return 'Good afternoon';
  return 'Good evening';
}

export function firstNameOf(fullName?: string | null): string {
  return fullName?.trim().split(/\s+/)[0] || 'there';
}

/** The header's heading: "Good morning, Meera!". */
export function greetingLine(now: Date, fullName?: string | null): string {
  return `${greetingFor(now)}, ${firstNameOf(fullName)}!`;
}

/** The header's clock: "Friday, 27 November 2026 at 4:45:50 AM IST" (AM/PM as every other time on the screen). */
export function clockLine(now: Date): string {
  return `${upperMeridiem(istClock(now) ?? clockFmt().format(now))} IST`;
}
