/** How one reminder goes out: push, mail as the fallback, never both; in-app always. Pure: no Nest, no clock. */
import type { ReminderKind } from './reminders.js';
import { escapeHtml } from '../../../common/html.js';

export type ReminderChannel = 'push' | 'mail' | 'in-app';

export interface QuietHours {
  /** "HH:MM", start > end crosses midnight */
  start: string;
  end: string;
}

export interface ChannelPrefs {
  push: boolean;
  mail: boolean;
  /** a verified address to mail */
  mailable: boolean;
  quietHours: QuietHours | null;
}

const minutesOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether a wall-clock minute of the day (0..1439) is inside the quiet hours: start inclusive, end exclusive. */
export function inQuietHours(localMinutes: number, quiet: QuietHours | null): boolean {
  if (!quiet) return false;
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  if (start === end) return false;
  return start < end ? localMinutes >= start && localMinutes < end : localMinutes >= start || localMinutes < end;
}

/**
 * The reminders inside the user's own booked check-in window ("open", "closing") are the point of the app: quiet hours
 * never silence them. Only the evening-before reminder is held back by quiet hours.
 */
export const QUIET_HOURS_APPLY: Readonly<Record<ReminderKind, boolean>> = { evening: true, open: false, closing: false };

/** The channel tried first: push when on and a device is subscribed, else mail when on and verified, else in-app only. */
export function firstChannel(kind: ReminderKind, localMinutes: number, prefs: ChannelPrefs, hasDevices: boolean): ReminderChannel {
  if (QUIET_HOURS_APPLY[kind] && inQuietHours(localMinutes, prefs.quietHours)) return 'in-app';
  if (prefs.push && hasDevices) return 'push';
  return fallbackChannel(prefs);
}

/** Where a reminder goes when push is off, unreachable or reached no device. */
export function fallbackChannel(prefs: ChannelPrefs): 'mail' | 'in-app' {
  return prefs.mail && prefs.mailable ? 'mail' : 'in-app';
}

/** The reminder as a mail: the same words as the push, with a link to the dashboard. */
export function reminderMail(message: { title: string; body: string }, dashboardUrl: string): { subject: string; text: string; html: string } {
  const footer = 'Reminder mail is on in your WakeStake settings (Settings › Reminder channels), used when a push cannot reach you.';
  return {
    subject: `WakeStake: ${message.title}`,
    text: `${message.body}\n\nOpen WakeStake: ${dashboardUrl}\n\n${footer}`,
    html: `<p><strong>${escapeHtml(message.title)}</strong></p><p>${escapeHtml(message.body)}</p><p><a href="${escapeHtml(dashboardUrl)}">Open WakeStake</a></p><p style="color:#666;font-size:12px">${escapeHtml(footer)}</p>`,
  };
}
