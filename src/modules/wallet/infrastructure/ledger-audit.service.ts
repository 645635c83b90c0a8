import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { Clock } from '../../../common/clock.js';
import { accountKind } from '../domain/accounts.js';
import { GENESIS_HASH } from '../domain/journal.js';
import type { LedgerVerification } from '../queries/verify-ledger/verify-ledger.query.js';

const HASH_SQL = `encode(sha256(convert_to(p.prev_hash || '|' || p.entry_id::text || '|' || p.account || '|' || p.amount::text || '|' || p.seq::text || '|' || j.idempotency_key, 'UTF8')), 'hex')`;

/** Proves the ledger (verify) and rebuilds the projection from the journal (rebuild). Read-only on the journal. */
@Injectable()
export class LedgerAuditService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(Clock) private readonly clock: Clock,
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

      // Hash chains: each posting's hash covers its content and the previous hash of its account; seq has no gaps.
      const broken = (await m.query(
        `SELECT account, seq::text, why FROM (
           SELECT p.account, p.seq,
                  CASE WHEN p.hash <> ${HASH_SQL} THEN 'hash does not match its content'
                       WHEN p.prev_hash <> coalesce(lag(p.hash) OVER w, '${GENESIS_HASH}') THEN 'prev_hash does not match the previous posting'
                       WHEN p.seq <> row_number() OVER w THEN 'sequence has a gap'
                  END AS why
             FROM postings p JOIN journal_entries j ON j.id = p.entry_id
           WINDOW w AS (PARTITION BY p.account ORDER BY p.seq)
         ) x WHERE why IS NOT NULL ORDER BY account, seq LIMIT 20`,
      )) as { account: string; seq: string; why: string }[];
      for (const r of broken) problems.push(`account ${r.account}: posting ${r.seq} ${r.why}`);

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
