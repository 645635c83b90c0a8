import { errorMessage, isApiError } from '@/lib/api-client';
import { once } from '@/lib/format';
import type { MorningOutcome, RefereeStatus } from '../api/groups-api';

/** What a morning shows in the week grid: a symbol (for the eye) and words (for everyone, screen readers included). */
export const OUTCOME_TEXT: Record<MorningOutcome, { symbol: string; label: string }> = {
  MADE: { symbol: '✓', label: 'Made it' },
  MISSED: { symbol: '✗', label: 'Missed' },
  PENDING: { symbol: '…', label: 'Pending' },
  EXCUSED: { symbol: '–', label: 'Excused' },
  NONE: { symbol: '·', label: 'No challenge' },
};

export const REFEREE_TEXT: Record<RefereeStatus, string> = {
  PENDING: 'waiting for the referee',
  CONFIRMED: 'confirmed by the referee',
  REJECTED: 'rejected by the referee',
};

// Built on first use, not at import (this module is on the dashboard's first screen: see lib/ist.ts on ICU's start).
const weekdayFmt = once(() => new Intl.DateTimeFormat('en-IN', { timeZone: 'UTC', weekday: 'short' }));
const letterFmt = once(() => new Intl.DateTimeFormat('en-IN', { timeZone: 'UTC', weekday: 'narrow' }));
const longFmt = once(() => new Intl.DateTimeFormat('en-IN', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' }));

/** "Mon" for a YYYY-MM-DD date (the date is a calendar day, read in UTC so no zone shifts it). */
export const weekdayOf = (date: string) => weekdayFmt().format(new Date(`${date}T00:00:00Z`));
/** "M" for a Monday (a week's column on a phone) */
export const weekdayLetterOf = (date: string) => letterFmt().format(new Date(`${date}T00:00:00Z`));
/** "Monday, 13 March" */
export const longDateOf = (date: string) => longFmt().format(new Date(`${date}T00:00:00Z`));

/** One morning in words: "Asha, Monday, 13 March: Made it (confirmed by the referee)". */
export function describeMorning(name: string, date: string, outcome: MorningOutcome, referee?: RefereeStatus | null): string {
  return `${name}, ${longDateOf(date)}: ${OUTCOME_TEXT[outcome].label}${referee ? ` (${REFEREE_TEXT[referee]})` : ''}`;
}

/** The invite link on the origin the app is served from (the server's APP_URL may differ in development). */
export function inviteLinkOf(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}/join/${encodeURIComponent(token)}`;
}

/** "1 morning", "3 mornings" */
export const mornings = (n: number) => `${n} ${n === 1 ? 'morning' : 'mornings'}`;

/** The server's own words for a refusal (404 "invite not valid", 403 "only the owner…"), else the app's catalogue. */
export function problemText(error: unknown): string {
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.serverMessage) return error.serverMessage;
  return errorMessage(error);
}
