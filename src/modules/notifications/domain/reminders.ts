import { formatWakeTime } from '../../../common/time.js';

/** Which push reminders a pending challenge is due at an instant, and what each says. Pure: no Nest, no clock. */

export type ReminderKind = 'evening' | 'open' | 'closing';

export interface PendingMorning {
  challengeDate: string;
  /** HH:MM in the app's zone; the words say it as "6:00 AM IST" */
  wakeUpTime: string;
  /** formatted, e.g. ₹40 */
  stake: string;
  windowOpensAt: Date;
  windowClosesAt: Date;
  /** 20:00 of the evening before, in the app's zone */
  eveningAt: Date;
}

export const EVENING_TIME = '20:00';
const MINUTE = 60_000;

/**
 * The evening reminder from 20:00 the night before until an hour before the window opens; "open" while the window is
 * open and more than five minutes remain; "closing" in its last five minutes. A reminder missed while the worker was
 * down is still sent while it is true; each is sent once (the caller records it).
 */
export function dueReminders(m: PendingMorning, now: Date): ReminderKind[] {
  const t = now.getTime();
  const opens = m.windowOpensAt.getTime();
  const closes = m.windowClosesAt.getTime();
  const due: ReminderKind[] = [];
  if (t >= m.eveningAt.getTime() && t < opens - 60 * MINUTE) due.push('evening');
  if (t >= opens && t < closes - 5 * MINUTE) due.push('open');
  if (t >= closes - 5 * MINUTE && t < closes) due.push('closing');
  return due;
}

export function reminderMessage(kind: ReminderKind, m: PendingMorning): { title: string; body: string; tag: string } {
  const at = formatWakeTime(m.wakeUpTime);
  switch (kind) {
    case 'evening':
      return { title: 'Tomorrow morning', body: `${m.stake} on ${at} tomorrow. Sleep well.`, tag: `evening-${m.challengeDate}` };
    case 'open':
      return { title: 'Time to wake up', body: `Check-in is open: ${m.stake} on ${at}.`, tag: `window-${m.challengeDate}` };
    case 'closing':
      return { title: '5 minutes left', body: `Check in now or ${m.stake} is at risk.`, tag: `window-${m.challengeDate}` };
    default: {
      const never: never = kind;
      throw new Error(`unknown reminder ${String(never)}`);
    }
  }
}
