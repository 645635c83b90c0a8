import { createHash } from 'node:crypto';
import { MigrationInterface, QueryRunner } from 'typeorm';
import { loadConfig } from '../../config/app-config.js';
import { GENESIS_HASH, postingHash } from '../../modules/wallet/domain/journal.js';

/**
 * The per-account posting chain becomes keyed (HMAC-SHA256 with LEDGER_HMAC_KEY, computed by the application;
 * see postingHash) instead of SHA-256 computed in SQL.
 * - `ledger_head_moved()`: how the one-statement deposit post aborts when a projection moved under it (40001, retried).
 * - Existing postings are re-chained here, once, with the key the application will use (the same configuration the
 *   app loads: LEDGER_HMAC_KEY, else derived from JWT_SECRET, else the development key under var/). The old, unkeyed
 *   chain is checked first and a broken one stops the migration, naming the account: re-keying never launders an
 *   edit made before. After this there is one chain formula and no legacy rows to accept.
 */
export class KeyedLedgerChain1763801200000 implements MigrationInterface {
  name = 'KeyedLedgerChain1763801200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION ledger_head_moved(idempotency_key text) RETURNS int LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'ledger: a projection moved while % was being posted', idempotency_key USING ERRCODE = '40001';
      END $$`);

    const [{ n }] = (await q.query(`SELECT count(*)::int AS n FROM postings`)) as { n: number }[];
    if (n === 0) return;
    const key = loadConfig(process.env).ledgerHmacKey;

    await q.query(`ALTER TABLE postings DISABLE TRIGGER postings_append_only`);
    type Row = {
      entry_id: string;
      account: string;
      amount: string;
      seq: string;
      prev_hash: string;
      hash: string;
      idempotency_key: string;
      content_hash: string;
    };
    let after: [string, string] = ['', '0'];
    let current = { account: '', oldHead: GENESIS_HASH, newHead: GENESIS_HASH, newPrev: GENESIS_HASH, seq: 0n };
    const heads: { account: string; head: string; prev: string }[] = [];
    const flush = () => current.account && heads.push({ account: current.account, head: current.newHead, prev: current.newPrev });
    for (;;) {
      const rows = (await q.query(
        `SELECT p.entry_id::text, p.account, p.amount::text, p.seq::text, p.prev_hash, p.hash, j.idempotency_key, j.content_hash
           FROM postings p JOIN journal_entries j ON j.id = p.entry_id
          WHERE (p.account, p.seq) > ($1::text, $2::bigint) ORDER BY p.account, p.seq LIMIT 5000`,
        after,
      )) as Row[];
      if (rows.length === 0) break;
      const update = { account: [] as string[], seq: [] as string[], prev: [] as string[], hash: [] as string[] };
      for (const r of rows) {
        if (r.account !== current.account) {
          flush();
          current = { account: r.account, oldHead: GENESIS_HASH, newHead: GENESIS_HASH, newPrev: GENESIS_HASH, seq: 0n };
        }
        const seq = BigInt(r.seq);
        const legacy = createHash('sha256').update([r.prev_hash.trim(), r.entry_id, r.account, r.amount, r.seq, r.idempotency_key].join('|')).digest('hex');
        if (seq !== current.seq + 1n || r.prev_hash.trim() !== current.oldHead || r.hash.trim() !== legacy) {
          throw new Error(
            `ledger chain of ${r.account} is broken at posting ${r.seq}: run ledger:verify on the previous release and repair it before re-keying`,
          );
        }
        const hash = postingHash(key, {
          prevHash: current.newHead,
          entryId: r.entry_id,
          account: r.account,
          amount: BigInt(r.amount),
          seq,
          idempotencyKey: r.idempotency_key,
          contentHash: r.content_hash.trim(),
        });
        update.account.push(r.account);
        update.seq.push(r.seq);
        update.prev.push(current.newHead);
        update.hash.push(hash);
        current = { account: r.account, oldHead: r.hash.trim(), newHead: hash, newPrev: current.newHead, seq };
      }
      await q.query(
        `UPDATE postings p SET prev_hash = x.prev, hash = x.hash FROM unnest($1::text[], $2::bigint[], $3::text[], $4::text[]) AS x(account, seq, prev, hash)
          WHERE p.account = x.account AND p.seq = x.seq`,
        [update.account, update.seq, update.prev, update.hash],
      );
      const last = rows[rows.length - 1];
      after = [last.account, last.seq];
    }
    flush();
    await q.query(`ALTER TABLE postings ENABLE TRIGGER postings_append_only`);
    for (let i = 0; i < heads.length; i += 5000) {
      const part = heads.slice(i, i + 5000);
      await q.query(
        `UPDATE account_balances b SET head_hash = x.head, prev_hash = x.prev FROM unnest($1::text[], $2::text[], $3::text[]) AS x(account, head, prev) WHERE b.account = x.account`,
        [part.map((h) => h.account), part.map((h) => h.head), part.map((h) => h.prev)],
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    // The keyed chain cannot be turned back into the unkeyed one without re-chaining; only the function goes.
    await q.query(`DROP FUNCTION IF EXISTS ledger_head_moved(text)`);
  }
}
