import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { userWallet } from '../domain/accounts.js';
import type { CorrelationType } from '../domain/journal.js';
import type { TxRow } from '../domain/transaction-view.js';

// One row per posting on the user's wallet, with the deposit or withdrawal it belongs to.
const TRANSACTIONS_SQL = `
  SELECT coalesce(d.id, CASE WHEN j.reason = 'WITHDRAWAL_HOLD' THEN w.id END, j.id) AS tx_id, j.id AS entry_id, j.reason, j.correlation_type,
         j.correlation_id, j.metadata, p.amount::text AS amount, p.created_at, p.seq,
         d.payment_id, d.order_id, w.status AS w_status, w.fee::text AS w_fee, w.net_amount::text AS w_net, w.method AS w_method
    FROM postings p
    JOIN journal_entries j ON j.id = p.entry_id
    LEFT JOIN deposits d ON j.correlation_type = 'deposit' AND d.order_id = j.correlation_id
    LEFT JOIN withdrawals w ON j.correlation_type = 'withdrawal' AND w.id::text = j.correlation_id
   WHERE p.account = $1`;

export interface EntryRow {
  id: string;
  created_at: Date;
  reason: string;
  correlation_type: string;
  correlation_id: string;
  idempotency_key: string;
  metadata: Record<string, unknown>;
  postings: { account: string; amount: string }[] | null;
}

export interface SuspenseLineRow {
  account: string;
  balance: string;
  entry_id: string;
  created_at: Date;
  reason: string;
  correlation_type: string;
  correlation_id: string;
  metadata: Record<string, unknown>;
  amount: string;
}

/** Which of a wallet's transactions a page shows: entry reasons and posting instants (from inclusive, to exclusive). */
export interface TransactionFilter {
  reasons?: readonly string[];
  from?: Date;
  to?: Date;
}

/**
 * The wallet's reads over the ledger (the projection account_balances, the journal's entries and postings), joined to
 * deposits and withdrawals where a line belongs to one. Writes go through LedgerService, DepositRepository and
 * WithdrawalRepository.
 */
@Injectable()
export class WalletReadRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The one read of wallet balances from the projection (0 for a wallet with no row). */
  async balances(userIds: readonly string[]): Promise<Map<string, bigint>> {
    const balances = new Map<string, bigint>(userIds.map((id) => [id, 0n]));
    if (userIds.length === 0) return balances;
    const accounts = userIds.map(userWallet);
    const byAccount = new Map(accounts.map((a, i) => [a, userIds[i]]));
    const rows = (await this.ds.query(`SELECT account, balance::text FROM account_balances WHERE account = ANY($1::text[])`, [accounts])) as {
      account: string;
      balance: string;
    }[];
    for (const r of rows) balances.set(byAccount.get(r.account)!, BigInt(r.balance));
    return balances;
  }

  /** One account's projected balance; undefined when the account has no row. */
  async balanceOf(account: string): Promise<bigint | undefined> {
    const [row] = (await this.ds.query(`SELECT balance::text FROM account_balances WHERE account = $1`, [account])) as { balance: string }[];
    return row ? BigInt(row.balance) : undefined;
  }

  /** Every posting on an account in order, with its entry and the entry's postings. */
  async accountLines(account: string) {
    return (await this.ds.query(
      `SELECT j.id, j.created_at, j.reason, j.correlation_type, j.correlation_id, j.idempotency_key, j.metadata, p.amount::text AS amount,
              (SELECT json_agg(json_build_object('account', q.account, 'amount', q.amount::text) ORDER BY q.account) FROM postings q WHERE q.entry_id = j.id) AS postings
         FROM postings p JOIN journal_entries j ON j.id = p.entry_id
        WHERE p.account = $1 ORDER BY p.seq`,
      [account],
    )) as (Omit<EntryRow, 'postings' | 'correlation_type'> & {
      correlation_type: CorrelationType;
      amount: string;
      postings: { account: string; amount: string }[];
    })[];
  }

  /** The entries of one correlation (or several ids of one type), in posting order, with their postings. */
  async entriesByCorrelation(type: string, ids: readonly string[]): Promise<EntryRow[]> {
    return (await this.ds.query(
      `SELECT j.id, j.created_at, j.reason, j.correlation_type, j.correlation_id, j.idempotency_key, j.metadata,
              (SELECT json_agg(json_build_object('account', q.account, 'amount', q.amount::text) ORDER BY q.account) FROM postings q WHERE q.entry_id = j.id) AS postings
         FROM journal_entries j WHERE j.correlation_type = $1 AND j.correlation_id = ANY($2::varchar[]) ORDER BY j.created_at,
              -- same instant: the order of the postings on the correlation's own account (challenge:{id}:stake, payout:clearing:{id})
              (SELECT min(p.seq) FROM postings p WHERE p.entry_id = j.id AND p.account LIKE '%:' || j.correlation_id || '%'), j.id`,
      [type, ids],
    )) as EntryRow[];
  }

  /**
   * The charity accounts from the projection (by kind), then their donation postings of the month's settlement dates;
   * a date's settlement posts on or after that date, so created_at bounds the index range from below.
   */
  async charityDonations(from: string, to: string) {
    return (await this.ds.query(
      `SELECT substr(p.account, 9) AS charity_id, j.metadata->>'date' AS date, count(*)::int AS challenges, sum(p.amount)::text AS amount
         FROM account_balances a
         JOIN postings p ON p.account = a.account AND p.created_at >= ($1::date - 1)::timestamptz
         JOIN journal_entries j ON j.id = p.entry_id AND j.reason = 'PLEDGE_DONATION'
        WHERE a.kind = 'charity' AND j.metadata->>'date' >= $1::text AND j.metadata->>'date' < $2::text
        GROUP BY 1, 2`,
      [from, to],
    )) as { charity_id: string; date: string; challenges: number; amount: string }[];
  }

  /** A wallet's winnings and losses per day of the zone tz, oldest first, between from and to (either may be null). */
  async earningsByDay(account: string, tz: string, from: Date | null, to: Date | null) {
    return (await this.ds.query(
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
      [account, tz, from, to],
    )) as { date: string; winnings: string; losses: string }[];
  }

  /** A user's balance and the money on its way in or out: pending withdrawals, and deposit orders created after `since`. */
  async moneyInFlight(userId: string, since: Date) {
    const [row] = (await this.ds.query(
      `SELECT (SELECT coalesce(max(balance), 0)::text FROM account_balances WHERE account = $2) AS balance,
              (SELECT count(*)::int FROM withdrawals WHERE user_id = $1 AND status = 'PENDING') AS pending_withdrawals,
              (SELECT count(*)::int FROM deposits WHERE user_id = $1 AND status = 'PENDING' AND created_at > $3) AS pending_deposits`,
      [userId, userWallet(userId), since],
    )) as { balance: string; pending_withdrawals: number; pending_deposits: number }[];
    return row;
  }

  /** A wallet's postings summed per month of the zone tz and entry reason, between from and to. */
  async monthlyByReason(account: string, tz: string, from: Date, to: Date) {
    return (await this.ds.query(
      `SELECT to_char(p.created_at AT TIME ZONE $2, 'YYYY-MM') AS month, j.reason, sum(p.amount)::text AS amount
         FROM postings p JOIN journal_entries j ON j.id = p.entry_id
        WHERE p.account = $1 AND p.created_at >= $3 AND p.created_at < $4
        GROUP BY 1, 2`,
      [account, tz, from, to],
    )) as { month: string; reason: string; amount: string }[];
  }

  /** The suspense accounts (only those holding money when `open`), each with its postings in order. */
  async suspenseLines(open: boolean): Promise<SuspenseLineRow[]> {
    return (await this.ds.query(
      `SELECT b.account, b.balance::text AS balance, j.id AS entry_id, j.created_at, j.reason, j.correlation_type, j.correlation_id, j.metadata, p.amount::text AS amount
         FROM account_balances b
         JOIN postings p ON p.account = b.account
         JOIN journal_entries j ON j.id = p.entry_id
        WHERE b.kind = 'suspense' AND ($1::boolean IS FALSE OR b.balance <> 0)
        ORDER BY b.account, p.seq
        LIMIT 5000`,
      [open],
    )) as SuspenseLineRow[];
  }

  /** The entry an idempotency key posted and what it took out of `account`, if the key was used. */
  async postedOutOf(idempotencyKey: string, account: string): Promise<{ id: string; amount: string } | undefined> {
    const [done] = (await this.ds.query(
      `SELECT j.id, (-p.amount)::text AS amount FROM journal_entries j JOIN postings p ON p.entry_id = j.id AND p.account = $2 WHERE j.idempotency_key = $1`,
      [idempotencyKey, account],
    )) as { id: string; amount: string }[];
    return done;
  }

  /** One page of a wallet's transactions, newest first, each row carrying the filtered total. */
  async transactionsPage(account: string, filter: TransactionFilter, size: number, offset: number): Promise<TxRow[]> {
    const { where, params } = transactionWhere(account, filter);
    params.push(size, offset);
    return (await this.ds.query(
      `SELECT *, count(*) OVER ()::text AS total FROM (${TRANSACTIONS_SQL}${where}) t ORDER BY t.seq DESC LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    )) as TxRow[];
  }

  /** How many transactions the filter selects (asked for a page past the last one). */
  async countTransactions(account: string, filter: TransactionFilter): Promise<number> {
    const { where, params } = transactionWhere(account, filter);
    const [c] = (await this.ds.query(`SELECT count(*)::text AS n FROM (${TRANSACTIONS_SQL}${where}) t`, params)) as { n: string }[];
    return Number(c.n);
  }

  /** One transaction of a wallet, by its own id (a deposit's or withdrawal's) or its entry's. */
  async transaction(account: string, id: string): Promise<TxRow | undefined> {
    const rows = (await this.ds.query(`SELECT *, '1' AS total FROM (${TRANSACTIONS_SQL}) t WHERE t.tx_id = $2 OR t.entry_id = $2 ORDER BY t.seq LIMIT 1`, [
      account,
      id,
    ])) as TxRow[];
    return rows[0];
  }

  /** A statement's figures: the balance before `from`, and the transactions from `from` to `to` in order. */
  async statement(account: string, from: Date, to: Date): Promise<{ opening: bigint; rows: TxRow[] }> {
    const [[o], rows] = (await Promise.all([
      this.ds.query(`SELECT coalesce(sum(amount), 0)::text AS opening FROM postings WHERE account = $1 AND created_at < $2`, [account, from]),
      this.ds.query(`SELECT t.*, '0' AS total FROM (${TRANSACTIONS_SQL} AND p.created_at >= $2 AND p.created_at < $3) t ORDER BY t.seq`, [account, from, to]),
    ])) as [{ opening: string }[], TxRow[]];
    return { opening: BigInt(o.opening), rows };
  }
}

/** The filter as SQL after TRANSACTIONS_SQL, and its parameters ($1 the account). */
function transactionWhere(account: string, filter: TransactionFilter): { where: string; params: unknown[] } {
  const params: unknown[] = [account];
  let where = '';
  if (filter.reasons) {
    params.push(filter.reasons);
    where += ` AND j.reason = ANY($${params.length}::text[])`;
  }
  if (filter.from) {
    params.push(filter.from);
    where += ` AND p.created_at >= $${params.length}`;
  }
  if (filter.to) {
    params.push(filter.to);
    where += ` AND p.created_at < $${params.length}`;
  }
  return { where, params };
}
