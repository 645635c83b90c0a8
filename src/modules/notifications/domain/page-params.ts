import { NotificationsErrors } from '../notifications.errors.js';

/** Query values are read as text: a repeated key (an array) or a bracketed one (an object) is a 400, not a crash. */
export function singleValues(q: Record<string, unknown>): void {
  for (const [k, v] of Object.entries(q ?? {}))
    if (v !== undefined && typeof v !== 'string') throw NotificationsErrors.invalidQuery(`${k} must be given once, as text`);
}

export function intParam(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max)
    throw NotificationsErrors.invalidQuery(`${name} must be a whole number from ${min} to ${max}`);
  return Number(raw);
}

/** unreadOnly=true|false (absent or empty: false). */
export function unreadOnlyParam(raw: string | undefined): boolean {
  if (raw !== undefined && !['true', 'false', ''].includes(raw)) throw NotificationsErrors.invalidQuery('unreadOnly must be true or false');
  return raw === 'true';
}
