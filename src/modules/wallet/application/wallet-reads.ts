import { DomainError } from '../../../common/errors/domain-error.js';
import { addDays, isValidDate, zonedInstant } from '../../../common/time.js';

/** What the wallet's read queries share: the transactions SQL and the checks of their query-string parameters. */

// One row per posting on the user's wallet, with the deposit or withdrawal it belongs to.
export const TRANSACTIONS_SQL = `
  SELECT coalesce(d.id, CASE WHEN j.reason = 'WITHDRAWAL_HOLD' THEN w.id END, j.id) AS tx_id, j.id AS entry_id, j.reason, j.correlation_type,
         j.correlation_id, j.metadata, p.amount::text AS amount, p.created_at, p.seq,
         d.payment_id, d.order_id, w.status AS w_status, w.fee::text AS w_fee, w.net_amount::text AS w_net, w.method AS w_method
    FROM postings p
    JOIN journal_entries j ON j.id = p.entry_id
    LEFT JOIN deposits d ON j.correlation_type = 'deposit' AND d.order_id = j.correlation_id
    LEFT JOIN withdrawals w ON j.correlation_type = 'withdrawal' AND w.id::text = j.correlation_id
   WHERE p.account = $1`;

export const invalid = (message: string) => new DomainError('WALLET.INVALID_QUERY', 'INVALID', message);

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
