import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { Clock } from '../../../common/clock.js';
import { accountKind } from '../domain/accounts.js';
import { AppConfig } from '../../../config/app-config.js';
import { contentHash, CorrelationType, GENESIS_HASH, postingHash } from '../domain/journal.js';
import { verifyPaymentSignature } from '../domain/signatures.js';
import type { LedgerVerification } from '../queries/verify-ledger/verify-ledger.query.js';

const PAGE = 5000;
const NO_CAPTURED_PAYMENT = 'has no captured payment at the provider';
/** How many problems of one kind are listed. */
const LIMIT = 20;

/** Proves the ledger (verify) and rebuilds the projection from the journal (rebuild). Read-only on the journal. */
@Injectable()
export class LedgerAuditService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async verify(): Promise<LedgerVerification> {
    return this.ds.transaction('REPEATABLE READ', async (m) => {
      const problems: string[] = [];
      const [totals] = (await m.query(
        `SELECT (SELECT count(*) FROM journal_entries)::int AS entries,
                (SELECT coalesce(sum(amount), 0)::text FROM postings) AS sum,
                (SELECT count(*) FROM (SELECT account FROM postings UNION SELECT account FROM account_balances) x)::int AS accounts`,
      )) as { entries: number; sum: string; accounts: number }[];
      const journalSum = BigInt(totals.sum);
      if (journalSum !== 0n) problems.push(`journal sums to ${journalSum}, not 0`);

      // Projection = fold of the postings, account by account (the first one that differs is named first).
      const mismatched = (await m.query(
        `SELECT coalesce(f.account, b.account) AS account, coalesce(f.total, 0)::text AS fold, coalesce(b.balance, 0)::text AS balance,
                coalesce(f.n, 0)::text AS n, coalesce(b.version, 0)::text AS version, f.last_hash, b.head_hash
           FROM (SELECT account, sum(amount) AS total, count(*) AS n,
                        (array_agg(hash ORDER BY seq DESC))[1] AS last_hash FROM postings GROUP BY account) f
           FULL JOIN account_balances b ON b.account = f.account
          WHERE coalesce(f.total, 0) <> coalesce(b.balance, 0) OR coalesce(f.n, 0) <> coalesce(b.version, 0)
             OR coalesce(f.last_hash, '${GENESIS_HASH}') <> coalesce(b.head_hash, '${GENESIS_HASH}')
          ORDER BY 1 LIMIT 20`,
      )) as { account: string; fold: string; balance: string; n: string; version: string }[];
      for (const r of mismatched) {
        problems.push(`account ${r.account}: projection ${r.balance} (version ${r.version}) but the journal folds to ${r.fold} (${r.n} postings)`);
      }

      // Hash chains, walked here with the key (postingHash): each posting's hash covers its content, its entry's key
      // and content hash, and the previous hash of its account; seq has no gaps. Then each entry's content hash is
      // recomputed from its reason, correlation and postings (the chain covers the content hash, this covers the rest).
      problems.push(...(await this.chainProblems(m)));
      problems.push(...(await this.contentProblems(m)));
      // Money in and out of the system against the records of the providers.
      problems.push(...(await this.reconciliationProblems(m)));

      const unbalanced = (await m.query(
        `SELECT j.id, coalesce(sum(p.amount), 0)::text AS sum, count(p.*)::int AS n FROM journal_entries j LEFT JOIN postings p ON p.entry_id = j.id
          GROUP BY j.id HAVING coalesce(sum(p.amount), 0) <> 0 OR count(p.*) < 2 LIMIT 20`,
      )) as { id: string; sum: string; n: number }[];
      for (const r of unbalanced) problems.push(`entry ${r.id}: postings sum to ${r.sum} over ${r.n} postings`);

      const negative = (await m.query(
        `SELECT account, balance::text FROM account_balances WHERE balance < 0 AND account <> 'world' AND account NOT LIKE 'world:%' ORDER BY account LIMIT 20`,
      )) as { account: string; balance: string }[];
      for (const r of negative) problems.push(`account ${r.account}: balance ${r.balance} is below zero`);

      // The first problem names the first account in address order.
      problems.sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
      return { ok: problems.length === 0, checkedAt: this.clock.now(), entries: totals.entries, accounts: totals.accounts, journalSum, problems };
    });
  }

  /** Every account's chain, page by page in (account, seq) order, checked with the ledger key. */
  private async chainProblems(m: EntityManager): Promise<string[]> {
    const key = this.config.ledgerHmacKey;
    const problems: string[] = [];
    let after: [string, string] = ['', '0'];
    let account = '';
    let head = GENESIS_HASH;
    let seq = 0n;
    let reportedAccount = '';
    for (;;) {
      const rows = (await m.query(
        `SELECT p.entry_id::text, p.account, p.amount::text, p.seq::text, p.prev_hash, p.hash, j.idempotency_key, j.content_hash
           FROM postings p LEFT JOIN journal_entries j ON j.id = p.entry_id
          WHERE (p.account, p.seq) > ($1::text, $2::bigint) ORDER BY p.account, p.seq LIMIT ${PAGE}`,
        after,
      )) as {
        entry_id: string;
        account: string;
        amount: string;
        seq: string;
        prev_hash: string;
        hash: string;
        idempotency_key: string | null;
        content_hash: string | null;
      }[];
      for (const r of rows) {
        if (r.account !== account) [account, head, seq] = [r.account, GENESIS_HASH, 0n];
        const s = BigInt(r.seq);
        const expected =
          r.idempotency_key === null || r.content_hash === null
            ? null
            : postingHash(key, {
                prevHash: r.prev_hash.trim(),
                entryId: r.entry_id,
                account: r.account,
                amount: BigInt(r.amount),
                seq: s,
                idempotencyKey: r.idempotency_key,
                contentHash: r.content_hash.trim(),
              });
        const why =
          expected === null
            ? 'belongs to no journal entry'
            : r.hash.trim() !== expected
              ? 'hash does not match its content'
              : r.prev_hash.trim() !== head
                ? 'prev_hash does not match the previous posting'
                : s !== seq + 1n
                  ? 'sequence has a gap'
                  : null;
        // One problem per account is enough to name it (after a break every later posting of it would differ too).
        if (why && reportedAccount !== r.account && problems.length < LIMIT) {
          problems.push(`account ${r.account}: posting ${r.seq} ${why}`);
          reportedAccount = r.account;
        }
        head = r.hash.trim();
        seq = s;
      }
      if (rows.length < PAGE) return problems;
      const last = rows[rows.length - 1];
      after = [last.account, last.seq];
    }
  }

  /** Each entry's stored content hash equals the hash of its reason, correlation and postings. */
  private async contentProblems(m: EntityManager): Promise<string[]> {
    const problems: string[] = [];
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const rows = (await m.query(
        `SELECT j.id::text, j.reason, j.correlation_type, j.correlation_id, j.content_hash,
                coalesce((SELECT json_agg(json_build_array(p.account, p.amount::text)) FROM postings p WHERE p.entry_id = j.id), '[]'::json) AS postings
           FROM journal_entries j WHERE j.id > $1::uuid ORDER BY j.id LIMIT ${PAGE}`,
        [after],
      )) as { id: string; reason: string; correlation_type: string; correlation_id: string; content_hash: string; postings: [string, string][] }[];
      for (const r of rows) {
        const expected = contentHash({
          reason: r.reason,
          correlation: { type: r.correlation_type as CorrelationType, id: r.correlation_id },
          postings: r.postings.map(([account, amount]) => ({ account, amount: BigInt(amount) })),
        });
        if (expected !== r.content_hash.trim() && problems.length < LIMIT) problems.push(`entry ${r.id}: content does not match its content hash`);
      }
      if (rows.length < PAGE) return problems;
      after = rows[rows.length - 1].id;
    }
  }

  /**
   * Every DEPOSIT entry is a stored order confirmed as paid (SUCCESS, this entry, the order's amount credited to its
   * owner; a sandbox order also has its captured sandbox payment or the signed payment.captured webhook that confirmed
   * it), and every confirmed order has its entry. Every
   * withdrawal entry belongs to a stored withdrawal (its owner and amount; paid only if SUCCESS, reversed only if
   * FAILED), and every withdrawal has its hold. An entry forged into the journal, or one removed from it, shows here
   * even when the chains were rebuilt around it.
   */
  private async reconciliationProblems(m: EntityManager): Promise<string[]> {
    const problems: string[] = [];
    const deposits = (await m.query(
      `SELECT j.id::text, j.correlation_id, d.order_id, d.payment_id, j.metadata->>'signature' AS signature,
              CASE WHEN d.id IS NULL THEN 'matches no stored payment order'
                   WHEN d.status <> 'SUCCESS' THEN 'credits an order that is ' || d.status
                   WHEN d.entry_id IS DISTINCT FROM j.id THEN 'is not the entry recorded on its order'
                   WHEN c.credited IS DISTINCT FROM d.amount THEN 'credits ' || coalesce(c.credited, 0) || ' paise for an order of ' || d.amount
                   WHEN c.other_wallets > 0 THEN 'credits a wallet that is not the order owner''s'
                   WHEN d.provider = 'sandbox' AND NOT EXISTS (
                     SELECT 1 FROM sandbox_payments s WHERE s.payment_id = d.payment_id AND s.order_id = d.order_id AND s.amount = d.amount AND s.status = 'captured')
                   AND NOT EXISTS (
                     SELECT 1 FROM webhook_events w WHERE w.event_type = 'payment.captured'
                        AND w.payload->'payload'->'payment'->'entity'->>'id' = d.payment_id
                        AND w.payload->'payload'->'payment'->'entity'->>'order_id' = d.order_id)
                     THEN '${NO_CAPTURED_PAYMENT}'
              END AS why
         FROM journal_entries j
         LEFT JOIN deposits d ON d.order_id = j.correlation_id
         LEFT JOIN LATERAL (
           SELECT sum(p.amount) FILTER (WHERE p.amount > 0 AND p.account NOT LIKE 'world%') AS credited,
                  count(*) FILTER (WHERE p.amount > 0 AND p.account LIKE 'user:%:wallet' AND p.account <> 'user:' || d.user_id || ':wallet') AS other_wallets
             FROM postings p WHERE p.entry_id = j.id) c ON true
        WHERE j.reason = 'DEPOSIT'`,
    )) as { id: string; correlation_id: string; order_id: string | null; payment_id: string | null; signature: string | null; why: string | null }[];
    // A deposit confirmed by a valid checkout signature (the contract's way) needs no captured-payment record: the
    // signature kept on its entry is re-checked with the key secret, so a forged row cannot borrow this way out.
    const signed = (r: (typeof deposits)[number]) =>
      r.why === NO_CAPTURED_PAYMENT &&
      !!r.signature &&
      !!r.order_id &&
      !!r.payment_id &&
      verifyPaymentSignature(r.order_id, r.payment_id, r.signature, this.config.razorpayKeySecret);
    for (const r of deposits.filter((d) => d.why && !signed(d)).slice(0, LIMIT)) problems.push(`entry ${r.id}: deposit ${r.correlation_id} ${r.why}`);

    const lostDeposits = (await m.query(
      `SELECT d.order_id FROM deposits d LEFT JOIN journal_entries j ON j.id = d.entry_id
        WHERE d.status = 'SUCCESS' AND (j.id IS NULL OR j.correlation_id <> d.order_id) ORDER BY d.order_id LIMIT ${LIMIT}`,
    )) as { order_id: string }[];
    for (const r of lostDeposits) problems.push(`deposit ${r.order_id}: confirmed, but its journal entry is missing`);

    const withdrawals = (await m.query(
      `SELECT j.id::text, j.reason, j.correlation_id,
              CASE WHEN w.id IS NULL THEN 'matches no stored withdrawal'
                   WHEN j.reason = 'WITHDRAWAL_HOLD' AND NOT EXISTS (
                     SELECT 1 FROM postings p WHERE p.entry_id = j.id AND p.account = 'user:' || w.user_id || ':wallet' AND p.amount = -w.amount)
                     THEN 'does not take the withdrawal''s amount from its owner''s wallet'
                   WHEN j.reason = 'WITHDRAWAL_PAID' AND w.status <> 'SUCCESS' AND NOT (w.status = 'FAILED' AND w.reversed_at IS NOT NULL) -- paid, then returned by the bank
                     THEN 'pays out a withdrawal that is ' || w.status
                   WHEN j.reason = 'WITHDRAWAL_REVERSED' AND w.status <> 'FAILED' THEN 'reverses a withdrawal that is ' || w.status
              END AS why
         FROM journal_entries j LEFT JOIN withdrawals w ON w.id::text = j.correlation_id
        WHERE j.reason LIKE 'WITHDRAWAL%'`,
    )) as { id: string; reason: string; correlation_id: string; why: string | null }[];
    for (const r of withdrawals.filter((w) => w.why).slice(0, LIMIT)) problems.push(`entry ${r.id}: ${r.reason} ${r.correlation_id} ${r.why}`);

    const lostHolds = (await m.query(
      `SELECT w.id::text FROM withdrawals w
        WHERE NOT EXISTS (SELECT 1 FROM journal_entries j WHERE j.idempotency_key = 'withdrawal:' || w.id || ':hold') ORDER BY w.id LIMIT ${LIMIT}`,
    )) as { id: string }[];
    for (const r of lostHolds) problems.push(`withdrawal ${r.id}: its hold is missing from the journal`);
    return problems;
  }

  /** Rebuilds every projection row from the journal (writers wait on the table lock meanwhile). */
  async rebuild(): Promise<{ accounts: number; changed: string[] }> {
    return this.ds.transaction(async (m) => {
      await m.query('LOCK TABLE account_balances IN SHARE ROW EXCLUSIVE MODE');
      const folds = (await m.query(
        `SELECT account, sum(amount)::text AS balance, count(*)::text AS version,
                (array_agg(hash ORDER BY seq DESC))[1] AS head_hash,
                (array_agg(prev_hash ORDER BY seq DESC))[1] AS prev_hash
           FROM postings GROUP BY account ORDER BY account`,
      )) as { account: string; balance: string; version: string; head_hash: string; prev_hash: string }[];
      const before = (await m.query(`SELECT account, balance::text, version::text, head_hash FROM account_balances`)) as {
        account: string;
        balance: string;
        version: string;
        head_hash: string;
      }[];
      const prior = new Map(before.map((b) => [b.account, b]));
      const changed: string[] = [];
      for (const f of folds) {
        const p = prior.get(f.account);
        if (!p || p.balance !== f.balance || p.version !== f.version || p.head_hash !== f.head_hash) changed.push(f.account);
      }
      const folded = new Set(folds.map((f) => f.account));
      for (const b of before) if (!folded.has(b.account) && (b.balance !== '0' || b.version !== '0')) changed.push(b.account);

      const now = this.clock.now();
      await m.query(
        `UPDATE account_balances SET balance = 0, version = 0, head_hash = $1, prev_hash = $1, updated_at = $2
          WHERE account <> ALL($3::text[]) AND (balance <> 0 OR version <> 0 OR head_hash <> $1)`,
        [GENESIS_HASH, now, folds.map((f) => f.account)],
      );
      if (folds.length) {
        await m.query(
          `INSERT INTO account_balances (account, kind, balance, version, head_hash, prev_hash, updated_at)
           SELECT * , $7::timestamptz FROM unnest($1::text[], $2::text[], $3::bigint[], $4::bigint[], $5::text[], $6::text[])
           ON CONFLICT (account) DO UPDATE SET balance = EXCLUDED.balance, version = EXCLUDED.version,
             head_hash = EXCLUDED.head_hash, prev_hash = EXCLUDED.prev_hash, updated_at = EXCLUDED.updated_at`,
          [
            folds.map((f) => f.account),
            folds.map((f) => accountKind(f.account) ?? 'unknown'),
            folds.map((f) => f.balance),
            folds.map((f) => f.version),
            folds.map((f) => f.head_hash),
            folds.map((f) => f.prev_hash),
            now,
          ],
        );
      }
      return { accounts: folds.length, changed: [...new Set(changed)].sort() };
    });
  }
}

/** Account problems first (they name the account), then entry-level ones. */
const rank = (problem: string): number => (problem.startsWith('account ') ? 0 : problem.startsWith('entry ') ? 1 : 2);
