import { Inject, Injectable, Logger } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { Clock } from '../../../common/clock.js';
import { DomainError } from '../../../common/errors/domain-error.js';
import { pgError } from '../../../common/pg-error.js';
import { preparedQuery } from '../../../common/prepared-query.js';
import { uuid7 } from '../../../common/uuid.js';
import { mayGoNegative } from '../domain/accounts.js';
import { EntryInput, GENESIS_HASH, InvalidEntryError, PreparedEntry, postingHash, prepareEntry } from '../domain/journal.js';
import { LedgerEntryPosted } from '../events/ledger-entry-posted.event.js';
import { WalletErrors } from '../wallet.errors.js';

export interface PostResult {
  entryId: string;
  /** true when the idempotency key had already posted the same entry: nothing moved. */
  duplicate: boolean;
  /** Balances after the post of every account it touched (empty for a duplicate). */
  balances: Record<string, bigint>;
}

/** A transient clash with a concurrent writer: the whole transaction is retried. */
export class LedgerRetryableError extends Error {
  constructor(message: string, readonly pgCode?: string) {
    super(message);
    this.name = 'LedgerRetryableError';
  }
}

const RETRYABLE_PG = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 40;

/** True for errors the caller of post(…, manager) should answer by retrying its whole transaction. */
export function isRetryableLedgerError(e: unknown): boolean {
  if (e instanceof LedgerRetryableError) return true;
  if (e instanceof DomainError) return e.code === 'LEDGER.CONCURRENT_UPDATE';
  const { code, constraint } = pgError(e);
  if (code && RETRYABLE_PG.has(code)) return true;
  if (code === '23505') {
    return constraint === 'postings_account_seq_key' || constraint === 'journal_entries_idempotency_key_key' || constraint === 'account_balances_pkey';
  }
  return false;
}

// Round trip 1: make sure every account row exists (new ones start at zero), then read what decisions need:
// an earlier entry under the same key, and the balance and version of every account this entry debits.
const READ_SQL = `
WITH a AS (
  INSERT INTO account_balances (account, kind, updated_at)
  SELECT u.account, u.kind, $1::timestamptz FROM unnest($2::text[], $3::text[]) AS u(account, kind)
  ON CONFLICT (account) DO NOTHING
)
SELECT
  (SELECT json_build_object('id', j.id, 'contentHash', j.content_hash) FROM journal_entries j WHERE j.idempotency_key = $4) AS existing,
  (SELECT coalesce(json_agg(json_build_object('account', b.account, 'balance', b.balance::text, 'version', b.version::text)), '[]'::json)
     FROM account_balances b WHERE b.account = ANY($5::text[])) AS debited`;

// Round trip 2: the entry, the projection update (optimistic on the version read above for debited accounts;
// credits and the world account are applied atomically under the row lock), and the hash-chained postings.
const WRITE_SQL = `
WITH e AS (
  INSERT INTO journal_entries (id, idempotency_key, reason, correlation_type, correlation_id, metadata, content_hash, created_at)
  VALUES ($1::uuid, $2, $3, $4, $5, $6::jsonb, $7, $8::timestamptz)
  RETURNING id
), v AS (
  SELECT * FROM unnest($9::text[], $10::bigint[], $11::bigint[]) AS v(account, delta, expected) ORDER BY account
), u AS (
  UPDATE account_balances b
     SET balance = b.balance + v.delta,
         version = b.version + 1,
         prev_hash = b.head_hash,
         head_hash = encode(sha256(convert_to(
           b.head_hash || '|' || $12::text || '|' || b.account || '|' || v.delta::text || '|' || (b.version + 1)::text || '|' || $2::text,
           'UTF8')), 'hex'),
         updated_at = $8::timestamptz
    FROM v
   WHERE b.account = v.account AND (v.expected IS NULL OR b.version = v.expected)
  RETURNING b.account, b.balance, b.version, b.prev_hash, b.head_hash, v.delta
), p AS (
  -- all postings or none: on a version conflict (fewer rows updated than accounts) nothing is inserted, so the
  -- statement-level "entry is balanced" trigger does not fire on a partial entry; the caller sees posted = 0 and
  -- rolls the transaction back as a retryable conflict.
  INSERT INTO postings (entry_id, account, amount, seq, prev_hash, hash, created_at)
  SELECT (SELECT id FROM e), u.account, u.delta, u.version, u.prev_hash, u.head_hash, $8::timestamptz FROM u
   WHERE (SELECT count(*) FROM u) = cardinality($9::text[])
  RETURNING account
)
SELECT u.account, u.balance::text AS balance, (SELECT count(*) FROM p)::int AS posted FROM u`;

// One round trip for entries that decide nothing on a read (only credits and world shards are debited: deposits,
// payouts, settlement credits): the entry (ON CONFLICT on the key: a duplicate inserts nothing), the projection
// upserted (new accounts start from the genesis hash) under its row lock with the hash computed from the locked row,
// and the postings. Outside a caller's transaction it runs on its own (autocommit: one statement is atomic, and the
// statement-level "entry is balanced" trigger runs at its end), so a deposit is one round trip and one commit.
const FAST_SQL = `
WITH e AS (
  INSERT INTO journal_entries (id, idempotency_key, reason, correlation_type, correlation_id, metadata, content_hash, created_at)
  VALUES ($1::uuid, $2, $3, $4, $5, $6::jsonb, $7, $8::timestamptz)
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING id
), v AS (
  SELECT * FROM unnest($9::text[], $10::text[], $11::bigint[]) AS v(account, kind, delta) ORDER BY account
), u AS (
  INSERT INTO account_balances AS b (account, kind, balance, version, prev_hash, head_hash, updated_at)
  SELECT v.account, v.kind, v.delta, 1, '${GENESIS_HASH}',
         encode(sha256(convert_to('${GENESIS_HASH}|' || $12::text || '|' || v.account || '|' || v.delta::text || '|1|' || $2::text, 'UTF8')), 'hex'),
         $8::timestamptz
    FROM v WHERE EXISTS (SELECT 1 FROM e)
  ON CONFLICT (account) DO UPDATE
     SET balance = b.balance + excluded.balance,
         version = b.version + 1,
         prev_hash = b.head_hash,
         head_hash = encode(sha256(convert_to(
           b.head_hash || '|' || $12::text || '|' || b.account || '|' || excluded.balance::text || '|' || (b.version + 1)::text || '|' || $2::text,
           'UTF8')), 'hex'),
         updated_at = excluded.updated_at
  RETURNING b.account, b.balance, b.version, b.prev_hash, b.head_hash
), p AS (
  INSERT INTO postings (entry_id, account, amount, seq, prev_hash, hash, created_at)
  SELECT (SELECT id FROM e), u.account, v.delta, u.version, u.prev_hash, u.head_hash, $8::timestamptz FROM u JOIN v ON v.account = u.account
  RETURNING account
)
SELECT u.account, u.balance::text AS balance, (SELECT count(*) FROM p)::int AS posted FROM u`;

// postMany, statement 1: which keys were already used (also post's fast path, after it inserted nothing).
const MANY_KEYS_SQL = `
SELECT j.idempotency_key AS key, j.id, j.content_hash FROM journal_entries j WHERE j.idempotency_key = ANY($1::text[])`;

// postMany, statement 2: the projection rows it will move, locked in account order (the same order post() uses).
const MANY_LOCK_SQL = `
SELECT account, balance::text, version::text, head_hash, prev_hash FROM account_balances
 WHERE account = ANY($1::text[]) ORDER BY account FOR UPDATE`;

// postMany, only when statement 2 missed accounts: create them at zero (then statement 2 again).
const MANY_OPEN_SQL = `
INSERT INTO account_balances (account, kind, updated_at)
SELECT u.account, u.kind, $1::timestamptz FROM unnest($2::text[], $3::text[]) AS u(account, kind)
ON CONFLICT (account) DO NOTHING`;

// postMany, statement 3: all entries, all postings (hashes computed from the locked rows), each projection once.
const MANY_WRITE_SQL = `
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

/**
 * The only writer of the journal. post() appends one balanced entry and updates the projection in the same
 * transaction; in the caller's transaction when given a manager (no retry inside: the caller retries), otherwise
 * in its own, retried on version conflicts, serialization failures and deadlocks, with events after commit.
 */
@Injectable()
export class LedgerService {
  private readonly logger = new Logger('Ledger');

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(EventBus) private readonly eventBus: EventBus,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async post(input: EntryInput, manager?: EntityManager): Promise<PostResult> {
    let entry: PreparedEntry;
    try {
      entry = prepareEntry(input);
    } catch (e) {
      if (e instanceof InvalidEntryError) throw WalletErrors.invalidEntry(e.message);
      throw e;
    }
    const fast = !entry.postings.some((p) => p.amount < 0n && !mayGoNegative(p.account));
    if (manager) {
      try {
        return fast ? await this.postFast(manager, entry) : await this.postIn(manager, entry);
      } catch (e) {
        throw this.translate(e, true);
      }
    }
    for (let attempt = 1; ; attempt++) {
      try {
        const result = fast ? await this.postFast(null, entry) : await this.ds.transaction((m) => this.postIn(m, entry));
        if (!result.duplicate) this.publish(result.entryId, entry);
        return result;
      } catch (e) {
        if (!isRetryableLedgerError(e)) throw this.translate(e, false);
        if (attempt >= MAX_ATTEMPTS) {
          this.logger.warn(`post ${entry.idempotencyKey} gave up after ${attempt} attempts: ${(e as Error).message}`);
          throw WalletErrors.busy();
        }
        await sleep(Math.random() * Math.min(2 ** attempt, 25));
      }
    }
  }

  /** Publishes a committed entry's event (for a caller that posted inside its own transaction, after its commit). */
  publish(entryId: string, entry: Pick<EntryInput, 'idempotencyKey' | 'reason' | 'correlation' | 'postings'>): void {
    this.eventBus.publish(
      new LedgerEntryPosted(entryId, entry.idempotencyKey, entry.reason, entry.correlation, entry.postings.map((p) => ({ account: p.account, amount: p.amount }))),
    );
  }

  /**
   * Many entries in order, as if posted one by one (same checks, same hash chains), with three statements whatever
   * their number: find keys already used; lock the touched projection rows (in account order; accounts not yet open
   * are created at zero and the lock repeated); compute balances, sequences and hashes here; then one statement
   * inserts every entry and posting and sets each projection row once. With a manager it runs in the caller's
   * transaction (no retry inside: a clash surfaces as LEDGER.CONCURRENT_UPDATE and nothing is published, as for post);
   * without, in its own, retried.
   */
  async postMany(inputs: EntryInput[], manager?: EntityManager): Promise<PostResult[]> {
    let entries: PreparedEntry[];
    try {
      entries = inputs.map(prepareEntry);
    } catch (e) {
      if (e instanceof InvalidEntryError) throw WalletErrors.invalidEntry(e.message);
      throw e;
    }
    if (new Set(entries.map((e) => e.idempotencyKey)).size !== entries.length) throw WalletErrors.invalidEntry('an idempotency key appears twice in one batch');
    if (entries.length === 0) return [];
    if (manager) {
      try {
        return await this.postManyIn(manager, entries);
      } catch (e) {
        throw this.translate(e, true);
      }
    }
    for (let attempt = 1; ; attempt++) {
      try {
        const results = await this.ds.transaction((m) => this.postManyIn(m, entries));
        results.forEach((r, i) => !r.duplicate && this.publish(r.entryId, entries[i]));
        return results;
      } catch (e) {
        if (!isRetryableLedgerError(e)) throw this.translate(e, false);
        if (attempt >= MAX_ATTEMPTS) throw WalletErrors.busy();
        await sleep(Math.random() * Math.min(2 ** attempt, 25));
      }
    }
  }

  private async postManyIn(m: EntityManager, entries: PreparedEntry[]): Promise<PostResult[]> {
    const now = this.clock.now();
    const kinds = new Map<string, string>();
    for (const e of entries) for (const p of e.postings) kinds.set(p.account, p.kind);
    const accounts = [...kinds.keys()].sort();

    const existingRows = (await preparedQuery(m, 'ledger_many_keys_v1', MANY_KEYS_SQL, [entries.map((e) => e.idempotencyKey)])) as { key: string; id: string; content_hash: string }[];
    const existing = new Map(existingRows.map((r) => [r.key, r]));

    type Locked = { account: string; balance: string; version: string; head_hash: string; prev_hash: string };
    let locked = (await preparedQuery(m, 'ledger_many_lock_v1', MANY_LOCK_SQL, [accounts])) as Locked[];
    if (locked.length < accounts.length) {
      const have = new Set(locked.map((r) => r.account));
      const missing = accounts.filter((a) => !have.has(a));
      await preparedQuery(m, 'ledger_many_open_v1', MANY_OPEN_SQL, [now, missing, missing.map((a) => kinds.get(a))]);
      locked = (await preparedQuery(m, 'ledger_many_lock_v1', MANY_LOCK_SQL, [accounts])) as Locked[];
    }
    const state = new Map(locked.map((r) => [r.account, { balance: BigInt(r.balance), version: BigInt(r.version), head: r.head_hash.trim(), prev: r.prev_hash.trim(), touched: false }]));

    const results: PostResult[] = [];
    const je = { id: [] as string[], key: [] as string[], reason: [] as string[], ctype: [] as string[], cid: [] as string[], meta: [] as string[], hash: [] as string[] };
    const ps = { entry: [] as string[], account: [] as string[], amount: [] as string[], seq: [] as string[], prev: [] as string[], hash: [] as string[] };
    for (const e of entries) {
      const found = existing.get(e.idempotencyKey);
      if (found) {
        results.push(duplicateOf(e, { id: found.id, contentHash: found.content_hash }));
        continue;
      }
      const entryId = uuid7();
      const balances: Record<string, bigint> = {};
      for (const p of e.postings) {
        const s = state.get(p.account);
        if (!s) throw new Error(`ledger: account ${p.account} was not locked`);
        if (p.amount < 0n && !mayGoNegative(p.account) && s.balance + p.amount < 0n) {
          throw p.kind === 'user_wallet' ? WalletErrors.insufficientFunds() : WalletErrors.accountOverdrawn(p.account);
        }
      }
      for (const p of e.postings) {
        const s = state.get(p.account)!;
        const seq = s.version + 1n;
        const hash = postingHash({ prevHash: s.head, entryId, account: p.account, amount: p.amount, seq, idempotencyKey: e.idempotencyKey });
        ps.entry.push(entryId);
        ps.account.push(p.account);
        ps.amount.push(p.amount.toString());
        ps.seq.push(seq.toString());
        ps.prev.push(s.head);
        ps.hash.push(hash);
        s.balance += p.amount;
        s.version = seq;
        s.prev = s.head;
        s.head = hash;
        s.touched = true;
        balances[p.account] = s.balance;
      }
      je.id.push(entryId);
      je.key.push(e.idempotencyKey);
      je.reason.push(e.reason);
      je.ctype.push(e.correlation.type);
      je.cid.push(e.correlation.id);
      je.meta.push(JSON.stringify(e.metadata, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)));
      je.hash.push(e.contentHash);
      results.push({ entryId, duplicate: false, balances });
    }
    if (je.id.length === 0) return results;
    const touched = [...state.entries()].filter(([, s]) => s.touched);
    const [row] = (await preparedQuery(m, 'ledger_many_write_v1', MANY_WRITE_SQL, [
      je.id, je.key, je.reason, je.ctype, je.cid, je.meta, je.hash, now,
      ps.entry, ps.account, ps.amount, ps.seq, ps.prev, ps.hash,
      touched.map(([a]) => a),
      touched.map(([, s]) => s.balance.toString()),
      touched.map(([, s]) => s.version.toString()),
      touched.map(([, s]) => s.head),
      touched.map(([, s]) => s.prev),
    ])) as { entries: number; postings: number; updated: number }[];
    if (row.entries !== je.id.length || row.postings !== ps.entry.length || row.updated !== touched.length) {
      throw new LedgerRetryableError(`ledger: batch wrote ${row.entries}/${je.id.length} entries, ${row.postings}/${ps.entry.length} postings, ${row.updated}/${touched.length} projections`);
    }
    return results;
  }

  /** The one-statement post (see FAST_SQL): on the caller's connection when given a manager, else on its own. */
  private async postFast(m: EntityManager | null, entry: PreparedEntry): Promise<PostResult> {
    const entryId = uuid7();
    const values = [
      entryId,
      entry.idempotencyKey,
      entry.reason,
      entry.correlation.type,
      entry.correlation.id,
      JSON.stringify(entry.metadata, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)),
      entry.contentHash,
      this.clock.now(),
      entry.postings.map((p) => p.account),
      entry.postings.map((p) => p.kind),
      entry.postings.map((p) => p.amount.toString()),
      entryId,
    ];
    const on = m ?? this.ds;
    const rows = (await preparedQuery(on, 'ledger_fast_v2', FAST_SQL, values)) as { account: string; balance: string; posted: number }[];
    if (rows.length === 0) {
      // The key was used: by a committed entry (compare contents, read in a snapshot of its own) or by one committing
      // concurrently (retry: it is then visible).
      const [existing] = (await preparedQuery(on, 'ledger_many_keys_v1', MANY_KEYS_SQL, [[entry.idempotencyKey]])) as { id: string; content_hash: string }[];
      if (!existing) throw new LedgerRetryableError(`idempotency key ${entry.idempotencyKey} is being posted concurrently`);
      return duplicateOf(entry, { id: existing.id, contentHash: existing.content_hash });
    }
    if (rows.length !== entry.postings.length || rows[0].posted !== entry.postings.length) {
      throw new Error(`ledger: entry ${entry.idempotencyKey} posted ${rows[0].posted} of ${entry.postings.length} postings`);
    }
    return { entryId, duplicate: false, balances: Object.fromEntries(rows.map((r) => [r.account, BigInt(r.balance)])) };
  }

  private async postIn(m: EntityManager, entry: PreparedEntry): Promise<PostResult> {
    const now = this.clock.now();
    const debited = entry.postings.filter((p) => p.amount < 0n && !mayGoNegative(p.account));
    const [row] = (await preparedQuery(m, 'ledger_read_v1', READ_SQL, [
      now,
      entry.postings.map((p) => p.account),
      entry.postings.map((p) => p.kind),
      entry.idempotencyKey,
      debited.map((p) => p.account),
    ])) as { existing: { id: string; contentHash: string } | null; debited: { account: string; balance: string; version: string }[] }[];

    if (row.existing) return duplicateOf(entry, row.existing);

    const state = new Map(row.debited.map((d) => [d.account, { balance: BigInt(d.balance), version: BigInt(d.version) }]));
    const expected: (string | null)[] = [];
    for (const p of entry.postings) {
      if (p.amount > 0n || mayGoNegative(p.account)) {
        expected.push(null);
        continue;
      }
      const s = state.get(p.account) ?? { balance: 0n, version: 0n };
      if (s.balance + p.amount < 0n) throw p.kind === 'user_wallet' ? WalletErrors.insufficientFunds() : WalletErrors.accountOverdrawn(p.account);
      expected.push(s.version.toString());
    }

    const entryId = uuid7();
    const rows = (await preparedQuery(m, 'ledger_write_v2', WRITE_SQL, [
      entryId,
      entry.idempotencyKey,
      entry.reason,
      entry.correlation.type,
      entry.correlation.id,
      JSON.stringify(entry.metadata, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)),
      entry.contentHash,
      now,
      entry.postings.map((p) => p.account),
      entry.postings.map((p) => p.amount.toString()),
      expected,
      entryId,
    ])) as { account: string; balance: string; posted: number }[];

    if (rows.length !== entry.postings.length || rows[0].posted !== entry.postings.length) {
      throw new LedgerRetryableError(`version conflict posting ${entry.idempotencyKey}`);
    }
    return { entryId, duplicate: false, balances: Object.fromEntries(rows.map((r) => [r.account, BigInt(r.balance)])) };
  }

  private translate(e: unknown, inCallerTransaction: boolean): unknown {
    if (e instanceof DomainError) return e;
    const { code, constraint } = pgError(e);
    if (code === '23514' && constraint === 'account_balances_user_wallet_non_negative') return WalletErrors.insufficientFunds();
    if (inCallerTransaction && isRetryableLedgerError(e)) return WalletErrors.concurrentUpdate();
    return e;
  }
}

/** An entry whose key is already used: the stored entry (posted once, answered again), or a conflict if it differs. */
function duplicateOf(entry: PreparedEntry, stored: { id: string; contentHash: string }): PostResult {
  if (stored.contentHash.trim() !== entry.contentHash) throw WalletErrors.idempotencyConflict(entry.idempotencyKey);
  return { entryId: stored.id, duplicate: true, balances: {} };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
