/** The ledger's SQL (LedgerService is its only user): the one-statement post, and the three statements of a batch. */

// The one-statement post of entries that debit only the world's shards (deposits), one or a group of them: the
// entries (ON CONFLICT on the key: a used key inserts nothing), then each projection moved once from the head the
// hashes were computed on (expected version and head, known before the statement: from this process's cache of
// heads, or read) to the batch's last head, and the postings (rows built by LedgerWriteSet, the chain's HMAC computed
// in TypeScript: the key never reaches the database). A projection that moved since (another writer) updates nothing
// and ledger_head_moved() aborts the statement with 40001, as it does when only some of the keys were new: nothing of
// the batch stays, and the caller decides under lock. When no key was new nothing is written (a duplicate). Outside a
// caller's transaction it runs on its own (autocommit: one round trip and one commit for the whole group). No subquery
// on a table in it: PostgreSQL then keeps one generic plan for the prepared statement instead of planning it again on
// every call (measured: 0.9 ms against 1.6 ms).
export const FAST_SQL = `
WITH e AS (
  INSERT INTO journal_entries (id, idempotency_key, reason, correlation_type, correlation_id, metadata, content_hash, created_at)
  SELECT x.id, x.key, x.reason, x.ctype, x.cid, x.meta::jsonb, x.hash, $8::timestamptz
    FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[]) AS x(id, key, reason, ctype, cid, meta, hash)
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING 1
), v AS (
  SELECT * FROM unnest($15::text[], $16::text[], $17::bigint[], $18::bigint[], $19::text[], $20::text[], $21::bigint[], $22::text[])
    AS v(account, kind, delta, version, prev, head, expected, expected_head)
), u AS (
  INSERT INTO account_balances AS b (account, kind, balance, version, prev_hash, head_hash, updated_at)
  SELECT v.account, v.kind, v.delta, v.version, v.prev, v.head, $8::timestamptz FROM v
   WHERE (SELECT count(*) FROM e) = $23::int
   ORDER BY v.account
  ON CONFLICT (account) DO UPDATE
     SET balance = b.balance + excluded.balance, version = excluded.version, prev_hash = excluded.prev_hash,
         head_hash = excluded.head_hash, updated_at = excluded.updated_at
   WHERE (b.version, b.head_hash) = (SELECT v.expected, v.expected_head FROM v WHERE v.account = excluded.account)
  RETURNING b.account, b.balance, b.xmax = 0 AS created
), p AS (
  INSERT INTO postings (entry_id, account, amount, seq, prev_hash, hash, created_at)
  SELECT x.entry, x.account, x.amount, x.seq, x.prev, x.hash, $8::timestamptz
    FROM unnest($9::uuid[], $10::text[], $11::bigint[], $12::bigint[], $13::text[], $14::text[]) AS x(entry, account, amount, seq, prev, hash)
   WHERE (SELECT count(*) FROM u) = $25::int
  RETURNING 1
)
SELECT (SELECT count(*) FROM e)::int AS inserted,
       (SELECT count(*) FROM p)::int AS posted,
       (SELECT coalesce(json_agg(json_build_object('account', u.account, 'balance', u.balance::text)), '[]'::json) FROM u) AS balances,
       -- moved: only some keys were new, a projection changed since the head the hashes start from, or a row this
       -- process believed open was created here: abort, nothing of the batch stays
       CASE WHEN EXISTS (SELECT 1 FROM e) AND ((SELECT count(*) FROM e) <> $23::int OR (SELECT count(*) FROM p) <> $24::int
                 OR EXISTS (SELECT 1 FROM u JOIN v ON v.account = u.account WHERE u.created AND v.expected > 0))
            THEN ledger_head_moved($2[1]) END AS moved`;

// The heads FAST_SQL starts from, read when this process does not know them (locked in account order inside a caller's
// transaction, so the statement cannot find them moved).
export const HEADS_SQL = `SELECT account, version::text, head_hash FROM account_balances WHERE account = ANY($1::text[])`;
export const HEADS_LOCK_SQL = `SELECT account, version::text, head_hash FROM account_balances WHERE account = ANY($1::text[]) ORDER BY account FOR UPDATE`;

// postMany, statement 1: which keys were already used (also post's fast path, after it inserted nothing).
export const MANY_KEYS_SQL = `
SELECT j.idempotency_key AS key, j.id, j.content_hash FROM journal_entries j WHERE j.idempotency_key = ANY($1::text[])`;

// postMany, statement 2: the projection rows it will move, locked in account order (the same order post() uses).
export const MANY_LOCK_SQL = `
SELECT account, balance::text, version::text, head_hash, prev_hash FROM account_balances
 WHERE account = ANY($1::text[]) ORDER BY account FOR UPDATE`;

// postMany, only when statement 2 missed accounts: create them at zero (then statement 2 again).
export const MANY_OPEN_SQL = `
INSERT INTO account_balances (account, kind, updated_at)
SELECT u.account, u.kind, $1::timestamptz FROM unnest($2::text[], $3::text[]) AS u(account, kind)
ON CONFLICT (account) DO NOTHING`;

// postMany, statement 3: all entries, all postings (hashes computed from the locked rows), each projection once.
export const MANY_WRITE_SQL = `
WITH e AS (
  INSERT INTO journal_entries (id, idempotency_key, reason, correlation_type, correlation_id, metadata, content_hash, created_at)
  SELECT x.id, x.key, x.reason, x.ctype, x.cid, x.meta::jsonb, x.hash, $8::timestamptz
    FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[]) AS x(id, key, reason, ctype, cid, meta, hash)
  RETURNING 1
), p AS (
  INSERT INTO postings (entry_id, account, amount, seq, prev_hash, hash, created_at)
  SELECT x.entry, x.account, x.amount, x.seq, x.prev, x.hash, $8::timestamptz
    FROM unnest($9::uuid[], $10::text[], $11::bigint[], $12::bigint[], $13::text[], $14::text[]) AS x(entry, account, amount, seq, prev, hash)
  RETURNING 1
), u AS (
  UPDATE account_balances b
     SET balance = x.balance, version = x.version, head_hash = x.head, prev_hash = x.prev, updated_at = $8::timestamptz
    FROM unnest($15::text[], $16::bigint[], $17::bigint[], $18::text[], $19::text[]) AS x(account, balance, version, head, prev)
   WHERE b.account = x.account
  RETURNING 1
)
SELECT (SELECT count(*) FROM e)::int AS entries, (SELECT count(*) FROM p)::int AS postings, (SELECT count(*) FROM u)::int AS updated`;
