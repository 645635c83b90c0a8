/** A user's challenges as an iCalendar feed (RFC 5545) with alarms, so the phone's own calendar rings. Pure. */
import { formatClock, formatWakeTime, zonedParts } from '../../../common/time.js';

export interface CalendarChallenge {
  id: string;
  wakeUpTime: string;
  /** formatted stake, e.g. ₹40 */
  stake: string;
  status: string;
  isSuccessful: boolean | null;
  wakeUpAt: Date;
  windowOpensAt: Date;
  windowClosesAt: Date;
}

/** 20260105T001500Z */
export function icsInstant(d: Date): string {
  return d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** TEXT values: backslash, semicolon, comma and line breaks escaped. */
export function icsText(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Content lines are folded at 75 octets (a continuation line starts with one space), never inside a UTF-8 sequence. */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, 'utf8');
    const limit = out.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

function outcome(c: CalendarChallenge, tz: string): string {
  // the one clock format: "5:45 AM and 6:10 AM IST", never an ISO instant
  if (c.status === 'PENDING')
    return `Check in between ${formatClock(zonedParts(c.windowOpensAt, tz).time)} and ${formatWakeTime(zonedParts(c.windowClosesAt, tz).time)} in the app.`;
  if (c.isSuccessful === true) return 'You made it.';
  if (c.isSuccessful === false) return 'Missed.';
  return '';
}

/** `tz`: the app's zone, in which the words give the window's times. */
export function buildIcs(challenges: CalendarChallenge[], now: Date, appUrl: string, tz = 'Asia/Kolkata'): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//WakeStake//Challenges//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'X-WR-CALNAME:WakeStake',
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
  ];
  for (const c of challenges) {
    const pending = c.status === 'PENDING';
    lines.push(
      'BEGIN:VEVENT',
      `UID:${c.id}@wakestake`,
      `DTSTAMP:${icsInstant(now)}`,
      `DTSTART:${icsInstant(c.windowOpensAt)}`,
      `DTEND:${icsInstant(c.windowClosesAt)}`,
      `SUMMARY:${icsText(`Wake up at ${formatWakeTime(c.wakeUpTime)}: ${c.stake} at stake`)}`,
      `DESCRIPTION:${icsText(`${outcome(c, tz)} ${appUrl}/dashboard`.trim())}`,
      `URL:${appUrl}/dashboard`,
      'STATUS:CONFIRMED',
      'TRANSP:OPAQUE',
    );
    if (pending) {
      // at the wake-up time, and five minutes before the window closes
      const wakeOffsetMin = Math.round((c.wakeUpAt.getTime() - c.windowOpensAt.getTime()) / 60_000);
      lines.push(
        'BEGIN:VALARM',
        'ACTION:DISPLAY',
        `DESCRIPTION:${icsText(`Wake up: ${c.stake} at stake. Check in now.`)}`,
        `TRIGGER;RELATED=START:PT${wakeOffsetMin}M`,
        'END:VALARM',
      );
      lines.push('BEGIN:VALARM', 'ACTION:DISPLAY', `DESCRIPTION:${icsText('5 minutes left to check in.')}`, 'TRIGGER;RELATED=END:-PT5M', 'END:VALARM');
    }
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
