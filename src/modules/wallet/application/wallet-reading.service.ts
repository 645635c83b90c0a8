import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AppConfig } from '../../../config/app-config.js';
import { Clock } from '../../../common/clock.js';
import { DomainError } from '../../../common/errors/domain-error.js';
import { csvDocument } from '../../../common/csv.js';
import { toRupees } from '../../../common/money.js';
import { addDays, isValidDate, zonedInstant, zonedParts } from '../../../common/time.js';
import { isUuid } from '../../../common/uuid.js';
import { userWallet } from '../domain/accounts.js';
import { STATEMENT_COLUMNS, STATEMENT_MAX_DAYS, statementRows } from '../domain/statement.js';
import { maskAccount, maskUpi } from '../domain/withdrawal-rules.js';
import { WalletErrors } from '../wallet.errors.js';

export const TRANSACTION_TYPES = ['DEPOSIT', 'FORFEIT', 'REFUND', 'WINNINGS', 'WITHDRAWAL', 'WITHDRAWAL_REVERSAL'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
/** Words clients filter with beside the types themselves: ALL is no filter; EARNING(S) are the winnings. */
const TYPE_WORDS: Record<string, TransactionType | null> = { ALL: null, EARNING: 'WINNINGS', EARNINGS: 'WINNINGS' };
export const TRANSACTION_TYPE_FILTERS = [...Object.keys(TYPE_WORDS), ...TRANSACTION_TYPES];
const REASONS: Record<TransactionType, string[]> = {
  DEPOSIT: ['DEPOSIT'],
  FORFEIT: ['CHALLENGE_STAKE'],
  REFUND: ['STAKE_RETURNED', 'STAKE_REFUNDED', 'APPEAL_REFUND', 'SHIELD_USED', 'LEAVE', 'OUTAGE_FORGIVEN'],
  WINNINGS: ['WINNINGS'],
  WITHDRAWAL: ['WITHDRAWAL_HOLD'],
  WITHDRAWAL_REVERSAL: ['WITHDRAWAL_REVERSED'],
};

interface TxRow {
  tx_id: string;
  entry_id: string;
  reason: string;
  correlation_type: string;
  correlation_id: string;
  metadata: Record<string, unknown>;
  amount: string;
  created_at: Date;
  payment_id: string | null;
  order_id: string | null;
  w_status: string | null;
  w_fee: string | null;
  w_net: string | null;
  w_method: string | null;
  total: string;
}

// One row per posting on the user's wallet, with the deposit or withdrawal it belongs to.
const TX_SQL = `
  SELECT coalesce(d.id, CASE WHEN j.reason = 'WITHDRAWAL_HOLD' THEN w.id END, j.id) AS tx_id, j.id AS entry_id, j.reason, j.correlation_type,
         j.correlation_id, j.metadata, p.amount::text AS amount, p.created_at, p.seq,
         d.payment_id, d.order_id, w.status AS w_status, w.fee::text AS w_fee, w.net_amount::text AS w_net, w.method AS w_method
    FROM postings p
    JOIN journal_entries j ON j.id = p.entry_id
    LEFT JOIN deposits d ON j.correlation_type = 'deposit' AND d.order_id = j.correlation_id
    LEFT JOIN withdrawals w ON j.correlation_type = 'withdrawal' AND w.id::text = j.correlation_id
   WHERE p.account = $1`;

/** What the wallet screens read: balance, transactions, payment methods, earnings, notifications. */
@Injectable()
export class WalletReadingService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async balance(userId: string) {
    const [b] = (await this.ds.query(`SELECT balance::text FROM account_balances WHERE account = $1`, [userWallet(userId)])) as { balance: string }[];
    return { success: true as const, data: { balance: toRupees(BigInt(b?.balance ?? '0')) } };
  }

  async transactions(userId: string, q: { page?: string; size?: string; type?: string; startDate?: string; endDate?: string }) {
    singleValues(q);
    const page = intParam('page', q.page, 0, 0, 1_000_000);
    const size = intParam('size', q.size, 20, 1, 100);
    const params: unknown[] = [userWallet(userId)];
    let where = '';
    if (q.type !== undefined && q.type !== '') {
      const word = q.type.trim().toUpperCase();
      if (!TRANSACTION_TYPE_FILTERS.includes(word)) throw invalid(`type must be one of ${TRANSACTION_TYPE_FILTERS.join(', ')}`);
      const type = word in TYPE_WORDS ? TYPE_WORDS[word] : (word as TransactionType);
      if (type) {
        params.push(REASONS[type]);
        where += ` AND j.reason = ANY($${params.length}::text[])`;
      }
    }
    const range = this.range(q.startDate, q.endDate);
    if (range.from) {
      params.push(range.from);
      where += ` AND p.created_at >= $${params.length}`;
    }
    if (range.to) {
      params.push(range.to);
      where += ` AND p.created_at < $${params.length}`;
    }
    params.push(size, page * size);
    const rows = (await this.ds.query(
      `SELECT *, count(*) OVER ()::text AS total FROM (${TX_SQL}${where}) t ORDER BY t.seq DESC LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    )) as TxRow[];
    let total = rows.length ? Number(rows[0].total) : 0;
    if (!rows.length && page > 0) {
      const [c] = (await this.ds.query(`SELECT count(*)::text AS n FROM (${TX_SQL}${where}) t`, params.slice(0, -2))) as { n: string }[];
      total = Number(c.n);
    }
    return { success: true as const, data: { transactions: rows.map(toTransaction), page, size, total } };
  }

  /**
   * The statement of IST dates startDate..endDate as CSV: the opening balance (every posting before the period), each
   * posting in ledger order with its running balance, the closing balance. Integer paise throughout.
   */
  async statement(userId: string, q: { startDate?: string; endDate?: string }): Promise<{ filename: string; csv: string }> {
    singleValues(q);
    if (!q.startDate || !q.endDate) throw invalid('startDate and endDate are required (YYYY-MM-DD)');
    const { from, to } = this.range(q.startDate, q.endDate) as { from: Date; to: Date };
    if (addDays(q.startDate, STATEMENT_MAX_DAYS) <= q.endDate) throw invalid(`A statement covers at most ${STATEMENT_MAX_DAYS} days`);
    const account = userWallet(userId);
    const [[o], rows] = (await Promise.all([
      this.ds.query(`SELECT coalesce(sum(amount), 0)::text AS opening FROM postings WHERE account = $1 AND created_at < $2`, [account, from]),
      this.ds.query(`SELECT t.*, '0' AS total FROM (${TX_SQL} AND p.created_at >= $2 AND p.created_at < $3) t ORDER BY t.seq`, [account, from, to]),
    ])) as [{ opening: string }[], TxRow[]];
    const tz = this.config.appTimezone;
    const lines = rows.map((r) => {
      const tx = toTransaction(r);
      const at = zonedParts(r.created_at, tz);
      const time = `${at.time}:${String(at.seconds).padStart(2, '0')}`;
      return { date: at.date, time, type: tx.type, description: tx.description, reference: tx.reference, status: tx.status, amount: BigInt(r.amount) };
    });
    const { rows: body } = statementRows({ startDate: q.startDate, endDate: q.endDate }, BigInt(o.opening), lines);
    return { filename: `wakestake-statement-${q.startDate}-to-${q.endDate}.csv`, csv: csvDocument([STATEMENT_COLUMNS, ...body]) };
  }

  async transaction(userId: string, id: string) {
    if (!isUuid(id)) throw WalletErrors.notFound();
    const rows = (await this.ds.query(`SELECT *, '1' AS total FROM (${TX_SQL}) t WHERE t.tx_id = $2 OR t.entry_id = $2 ORDER BY t.seq LIMIT 1`, [
      userWallet(userId),
      id,
    ])) as TxRow[];
    if (!rows.length) throw WalletErrors.notFound();
    return { success: true as const, data: toTransaction(rows[0]) };
  }

  async paymentMethods(userId: string, q: { page?: string; size?: string } = {}) {
    singleValues(q);
    const page = intParam('page', q.page, 0, 0, 1_000_000);
    const size = intParam('size', q.size, 20, 1, 100);
    const rows = (await this.ds.query(
      `SELECT method, upi_id, bank_account_number, ifsc_code, account_holder_name, bank_name, max(created_at) AS last_used_at, count(*)::int AS uses,
              count(*) OVER ()::int AS total
         FROM withdrawals WHERE user_id = $1
        GROUP BY method, upi_id, bank_account_number, ifsc_code, account_holder_name, bank_name
        ORDER BY last_used_at DESC LIMIT $2 OFFSET $3`,
      [userId, size, page * size],
    )) as { method: string; upi_id: string | null; bank_account_number: string | null; ifsc_code: string | null; account_holder_name: string | null; bank_name: string | null; last_used_at: Date; uses: number; total: number }[];
    const total = rows.length ? rows[0].total : page > 0 ? await this.countPaymentMethods(userId) : 0;
    const methods = rows.map((r) =>
      r.method === 'UPI'
        ? { type: 'UPI', upiId: maskUpi(r.upi_id ?? ''), lastUsedAt: r.last_used_at.toISOString(), uses: r.uses }
        : {
            type: 'BANK_TRANSFER',
            accountNumber: maskAccount(r.bank_account_number ?? ''),
            ifscCode: r.ifsc_code,
            accountHolderName: r.account_holder_name,
            bankName: r.bank_name,
            lastUsedAt: r.last_used_at.toISOString(),
            uses: r.uses,
          },
    );
    return { success: true as const, data: { paymentMethods: methods, page, size, total } };
  }

  private async countPaymentMethods(userId: string): Promise<number> {
    const [c] = (await this.ds.query(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM withdrawals WHERE user_id = $1 GROUP BY method, upi_id, bank_account_number, ifsc_code, account_holder_name, bank_name) x`,
      [userId],
    )) as { n: number }[];
    return c.n;
  }

  /** Winnings (pool shares paid in) and losses (forfeited stake parts moved to the pool) per day, in the app's zone. */
  async earnings(userId: string, q: { startDate?: string; endDate?: string; page?: string; size?: string }) {
    singleValues(q);
    const page = intParam('page', q.page, 0, 0, 1_000_000);
    const size = intParam('size', q.size, 100, 1, 366);
    const range = this.range(q.startDate, q.endDate);
    const rows = (await this.ds.query(
      // Winnings from the wallet's own postings; losses (stake parts moved to a pool, or donated in pledge mode) from the stakes the wallet paid:
      // each stake's challenge, then that challenge's pool contribution by its idempotency key (one probe each).
      `SELECT to_char(x.created_at AT TIME ZONE $2, 'YYYY-MM-DD') AS date,
              coalesce(sum(x.won), 0)::text AS winnings,
              coalesce(sum(x.lost), 0)::text AS losses
         FROM (SELECT j.created_at, p.amount AS won, NULL::bigint AS lost
                 FROM postings p JOIN journal_entries j ON j.id = p.entry_id
                WHERE p.account = $1 AND j.reason = 'WINNINGS'
               UNION ALL
               SELECT j.created_at, NULL, p.amount
                 FROM postings w
                 JOIN journal_entries s ON s.id = w.entry_id AND s.reason = 'CHALLENGE_STAKE' AND s.correlation_type = 'challenge'
                 JOIN journal_entries j ON j.idempotency_key IN ('challenge:' || s.correlation_id || ':pool', 'challenge:' || s.correlation_id || ':donation')
                 JOIN postings p ON p.entry_id = j.id
                WHERE w.account = $1 AND p.amount > 0 AND (p.account LIKE 'pool:%' OR p.account LIKE 'charity:%' OR p.account = 'platform:revenue')) x
        WHERE ($3::timestamptz IS NULL OR x.created_at >= $3) AND ($4::timestamptz IS NULL OR x.created_at < $4)
        GROUP BY 1 ORDER BY 1`,
      [userWallet(userId), this.config.appTimezone, range.from ?? null, range.to ?? null],
    )) as { date: string; winnings: string; losses: string }[];
    let tw = 0n;
    let tl = 0n;
    const earnings = rows.map((r) => {
      const w = BigInt(r.winnings);
      const l = BigInt(r.losses);
      tw += w;
      tl += l;
      return { date: r.date, winnings: toRupees(w), losses: toRupees(l), net: toRupees(w - l) };
    });
    // One row a day: the totals cover the whole range, the page its days (oldest first).
    return {
      success: true as const,
      data: {
        earnings: earnings.slice(page * size, page * size + size),
        page,
        size,
        total: earnings.length,
        totalWinnings: toRupees(tw),
        totalLosses: toRupees(tl),
        netEarnings: toRupees(tw - tl),
        startDate: q.startDate ?? null,
        endDate: q.endDate ?? null,
      },
    };
  }

  async notifications(userId: string, q: { page?: string; size?: string; unreadOnly?: string }) {
    singleValues(q);
    const page = intParam('page', q.page, 0, 0, 1_000_000);
    const size = intParam('size', q.size, 20, 1, 100);
    if (q.unreadOnly !== undefined && !['true', 'false', ''].includes(q.unreadOnly)) throw invalid('unreadOnly must be true or false');
    const unreadOnly = q.unreadOnly === 'true';
    const rows = (await this.ds.query(
      `SELECT id, type, title, message, data, is_read, read_at, created_at, count(*) OVER ()::int AS total
         FROM notifications WHERE user_id = $1 AND ($2::boolean = false OR NOT is_read)
        ORDER BY created_at DESC, id LIMIT $3 OFFSET $4`,
      [userId, unreadOnly, size, page * size],
    )) as { id: string; type: string; title: string; message: string; data: unknown; is_read: boolean; read_at: Date | null; created_at: Date; total: number }[];
    const [unread] = (await this.ds.query(`SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND NOT is_read`, [userId])) as { n: number }[];
    let total = rows[0]?.total ?? 0;
    if (!rows.length && page > 0) {
      const [c] = (await this.ds.query(`SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND ($2::boolean = false OR NOT is_read)`, [userId, unreadOnly])) as { n: number }[];
      total = c.n;
    }
    return {
      success: true as const,
      data: {
        notifications: rows.map((r) => ({
          id: r.id,
          type: r.type,
          title: r.title,
          message: r.message,
          data: r.data,
          isRead: r.is_read,
          readAt: r.read_at?.toISOString() ?? null,
          createdAt: r.created_at.toISOString(),
        })),
        page,
        size,
        total,
        unreadCount: unread.n,
      },
    };
  }

  async markRead(userId: string, id: string) {
    if (!isUuid(id)) throw WalletErrors.notFound('Notification');
    const [rows] = (await this.ds.query(
      `UPDATE notifications SET is_read = true, read_at = coalesce(read_at, $3) WHERE id = $1 AND user_id = $2 RETURNING id, is_read`,
      [id, userId, this.clock.now()],
    )) as [{ id: string }[], number];
    if (!rows.length) throw WalletErrors.notFound('Notification');
    return { success: true as const, data: { id, isRead: true }, message: 'Notification marked as read' };
  }

  private range(startDate?: string, endDate?: string): { from?: Date; to?: Date } {
    const tz = this.config.appTimezone;
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
}

const invalid = (message: string) => new DomainError('WALLET.INVALID_QUERY', 'INVALID', message);

/** Query values are read as text: a repeated key (an array) or a bracketed one (an object) is a 400, not a crash. */
function singleValues(q: Record<string, unknown>): void {
  for (const [k, v] of Object.entries(q ?? {})) if (v !== undefined && typeof v !== 'string') throw invalid(`${k} must be given once, as text`);
}

function intParam(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) throw invalid(`${name} must be a whole number from ${min} to ${max}`);
  return Number(raw);
}

const DESCRIPTIONS: Record<string, (r: TxRow) => string> = {
  DEPOSIT: () => 'Money added to wallet',
  CHALLENGE_STAKE: () => 'Forfeit staked on a wake-up challenge',
  STAKE_RETURNED: (r) => (r.metadata?.why === 'CANCELLED' ? 'Stake refunded: challenge cancelled' : r.metadata?.why === 'APPEAL_REFUNDED' ? 'Stake refunded: your appeal was accepted' : 'Stake returned: challenge completed'),
  APPEAL_REFUND: () => 'Forfeit refunded: your appeal was accepted',
  SHIELD_USED: () => 'Stake returned: a wake shield excused the morning',
  OUTAGE_FORGIVEN: () => 'Stake refunded in full: our service was down during your check-in window',
  LEAVE: () => 'Stake returned: you were on leave that day',
  STAKE_REFUNDED: () => 'Partial refund of a missed challenge',
  WINNINGS: () => 'Winnings from the daily pool',
  WITHDRAWAL_HOLD: (r) => (r.w_method === 'UPI' ? 'Withdrawal to UPI' : 'Withdrawal to bank account'),
  WITHDRAWAL_REVERSED: () => 'Withdrawal failed: amount returned to wallet',
};

function typeOf(reason: string): string {
  for (const t of TRANSACTION_TYPES) if (REASONS[t].includes(reason)) return t;
  return 'ADJUSTMENT';
}

function toTransaction(r: TxRow) {
  const amount = BigInt(r.amount);
  const type = typeOf(r.reason);
  const status = r.reason === 'WITHDRAWAL_HOLD' ? (r.w_status ?? 'PENDING') : 'SUCCESS';
  const at = r.created_at.toISOString();
  const abs = amount < 0n ? -amount : amount;
  return {
    id: r.tx_id,
    type,
    amount: toRupees(abs),
    ...(r.reason === 'WITHDRAWAL_HOLD' && r.w_net !== null ? { netAmount: toRupees(BigInt(r.w_net)), processingFee: toRupees(BigInt(r.w_fee ?? '0')), method: r.w_method } : {}),
    debit: amount < 0n,
    credit: amount > 0n,
    status,
    reference: r.correlation_type === 'deposit' ? (r.payment_id ?? r.order_id ?? r.correlation_id) : r.correlation_id,
    ...(r.correlation_type === 'deposit' ? { orderId: r.order_id ?? r.correlation_id, paymentId: r.payment_id } : {}),
    description: (DESCRIPTIONS[r.reason] ?? (() => r.reason))(r),
    timestamp: at,
    createdAt: at,
  };
}
