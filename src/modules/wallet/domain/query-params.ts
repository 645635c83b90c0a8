import { WalletErrors } from '../wallet.errors.js';
import { addDays, isValidDate, zonedInstant } from '../../../common/time.js';

/** The checks of the wallet's read routes' query-string parameters (page, size, dates). */

export const invalid = WalletErrors.invalidQuery;

/** Query values are read as text: a repeated key (an array) or a bracketed one (an object) is a 400, not a crash. */
export function singleValues(q: Record<string, unknown>): void {
  for (const [k, v] of Object.entries(q ?? {})) if (v !== undefined && typeof v !== 'string') throw invalid(`${k} must be given once, as text`);
}

export function intParam(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) throw invalid(`${name} must be a whole number from ${min} to ${max}`);
  return Number(raw);
}

/** The instants of IST (the app's zone) dates startDate 00:00 .. the day after endDate 00:00; either may be absent. */
export function dateRange(tz: string, startDate?: string, endDate?: string): { from?: Date; to?: Date } {
  const out: { from?: Date; to?: Date } = {};
  if (startDate) {
    if (!isValidDate(startDate)) throw invalid('startDate must be a date YYYY-MM-DD');
    out.from = zonedInstant(startDate, '00:00', tz);
  }
  if (endDate) {
    if (!isValidDate(endDate)) throw invalid('endDate must be a date YYYY-MM-DD');
    out.to = zonedInstant(addDays(endDate, 1), '00:00', tz);
  }
  if (out.from && out.to && out.from >= out.to) throw invalid('startDate must not be after endDate');
  return out;
}
