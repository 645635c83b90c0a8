import { Inject, Injectable, Logger } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { AppConfig } from '../../../config/app-config.js';
import { Clock } from '../../../common/clock.js';
import { DomainError } from '../../../common/errors/domain-error.js';
import { isConcurrencyClash, isUniqueViolation, PG, pgError } from '../../../common/pg-error.js';
import { preparedQuery } from '../../../common/prepared-query.js';
import { retry, upTo } from '../../../common/retry.js';
import { uuid7 } from '../../../common/uuid.js';
import { mayGoNegative } from '../domain/accounts.js';
import { EntryInput, GENESIS_HASH, InvalidEntryError, PreparedEntry, postingHash, prepareEntry } from '../domain/journal.js';
import { LedgerEntryPosted } from '../events/ledger-entry-posted.event.js';
import { FAST_SQL, HEADS_LOCK_SQL, HEADS_SQL, MANY_KEYS_SQL, MANY_LOCK_SQL, MANY_OPEN_SQL, MANY_WRITE_SQL } from './ledger.sql.js';
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

const MAX_ATTEMPTS = 40;

/** FAST_SQL found a projection moved since the head its hashes were computed on (ledger_head_moved()). */
const isHeadMoved = (e: unknown): boolean => pgError(e).code === PG.SERIALIZATION_FAILURE && /projection moved/.test(String((e as Error)?.message));

/** True for errors the caller of post(…, manager) should answer by retrying its whole transaction. */
export function isRetryableLedgerError(e: unknown): boolean {
  if (e instanceof LedgerRetryableError) return true;
  if (e instanceof DomainError) return e.code === 'LEDGER.CONCURRENT_UPDATE';
  // a serialization failure also when FAST_SQL finds a head moved (ledger_head_moved)
  return isConcurrencyClash(e) || isUniqueViolation(e, ['postings_account_seq_key', 'journal_entries_idempotency_key_key', 'account_balances_pkey']);
}

/**
 * A floor under an account's balance before the entry (the rule `balance > paise`), decided on the locked balance in
 * the same transaction as the post, so concurrent posts cannot pass it together.
 */
export interface BalanceFloor {
  account: string;
  /** The balance before this entry must be strictly above this (paise). */
  above: bigint;
}

export interface PostOptions {
  floor?: BalanceFloor;
}

/** Heads of account chains this process wrote last (a hint: the statement checks it, a stale one only costs a retry). */
const HEAD_CACHE_MAX = 10_000;

/**
 * The only writer of the journal. post() appends one balanced entry and updates the projection in the same
 * transaction; in the caller's transaction when given a manager (no retry inside: the caller retries), otherwise
 * in its own, retried on version conflicts, serialization failures and deadlocks, with events after commit.
 * Every posting's chain hash is postingHash() (HMAC with the ledger key), computed here, never in SQL.
 */
@Injectable()
export class LedgerService {
  private readonly logger = new Logger('Ledger');
  private readonly key: string;
  private readonly heads = new Map<string, { version: bigint; head: string }>();
  private readonly turns = new Map<string, Promise<void>>();

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(EventBus) private readonly eventBus: EventBus,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(AppConfig) config: AppConfig,
  ) {
    this.key = config.ledgerHmacKey;
  }

  async post(input: EntryInput, manager?: EntityManager, options: PostOptions = {}): Promise<PostResult> {
    const [entry] = prepareAll([input]);
    // Entries debiting only the world (deposits) take the one-statement path; anything that could overdraw, or has a
    // floor to check, locks its accounts first.
    const fast = !options.floor && !entry.postings.some((p) => p.amount < 0n && !mayGoNegative(p.account));
    const [result] = await this.write([entry], manager, fast
      ? async (m) => [m ? await this.postFast(m, entry) : await this.inTurn(entry.postings.map((p) => p.account), () => this.postFast(null, entry))]
      : (m) => this.batch(m, [entry], options.floor));
    return result;
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
    const entries = prepareAll(inputs);
    if (new Set(entries.map((e) => e.idempotencyKey)).size !== entries.length) throw WalletErrors.invalidEntry('an idempotency key appears twice in one batch');
    if (entries.length === 0) return [];
    return this.write(entries, manager, (m) => this.batch(m, entries));
  }

  /**
   * The single write path of post and postMany; `run` is the implementation (the one-statement post or the batch),
   * given the caller's manager or null. In the caller's transaction: no retry, a clash answers LEDGER.CONCURRENT_UPDATE
   * and the caller publishes after its commit. Otherwise: retried on clashes, events published after the commit.
   */
  private async write(entries: PreparedEntry[], manager: EntityManager | undefined, run: (m: EntityManager | null) => Promise<PostResult[]>): Promise<PostResult[]> {
    if (manager) {
      try {
        return await run(manager);
      } catch (e) {
        throw this.translate(e, true);
      }
    }
    let results: PostResult[];
    try {
      results = await retry(() => run(null), {
        attempts: MAX_ATTEMPTS,
        retryable: isRetryableLedgerError,
        // A head another writer moved is read again at once (nothing waits on a lock); other clashes back off.
        delay: (attempt, e) => (attempt === 1 && isHeadMoved(e) ? 0 : upTo(Math.min(2 ** attempt, 25))),
      });
    } catch (e) {
      if (!isRetryableLedgerError(e)) throw this.translate(e, false);
      this.logger.warn(`post ${entries[0].idempotencyKey} gave up after ${MAX_ATTEMPTS} attempts: ${(e as Error).message}`);
      throw WalletErrors.busy();
    }
    results.forEach((r, i) => !r.duplicate && this.publish(r.entryId, entries[i]));
    return results;
  }

  /** The batch implementation: in the caller's transaction, or in one of its own. */
  private batch(m: EntityManager | null, entries: PreparedEntry[], floor?: BalanceFloor): Promise<PostResult[]> {
    return m ? this.postManyIn(m, entries, floor) : this.ds.transaction((t) => this.postManyIn(t, entries, floor));
  }

  private async postManyIn(m: EntityManager, entries: PreparedEntry[], floor?: BalanceFloor): Promise<PostResult[]> {
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
      if (floor) {
        const s = state.get(floor.account);
        if ((s?.balance ?? 0n) <= floor.above) throw WalletErrors.belowFloor(floor.above);
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
        const hash = postingHash(this.key, { prevHash: s.head, entryId, account: p.account, amount: p.amount, seq, idempotencyKey: e.idempotencyKey, contentHash: e.contentHash });
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
    for (const [account] of touched) this.heads.delete(account);
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

  /**
   * The one-statement post (see FAST_SQL): on the caller's connection when given a manager (heads read under lock
   * first), else on its own from the cached heads (read when unknown). A moved head surfaces as 40001 (retryable).
   */
  private async postFast(m: EntityManager | null, entry: PreparedEntry): Promise<PostResult> {
    const on = m ?? this.ds;
    const accounts = entry.postings.map((p) => p.account);
    let heads = m ? [] : accounts.map((a) => this.heads.get(a));
    if (m || heads.some((h) => !h)) {
      const rows = (await preparedQuery(on, m ? 'ledger_heads_lock_v1' : 'ledger_heads_v1', m ? HEADS_LOCK_SQL : HEADS_SQL, [accounts])) as { account: string; version: string; head_hash: string }[];
      const read = new Map(rows.map((r) => [r.account, { version: BigInt(r.version), head: r.head_hash.trim() }]));
      heads = accounts.map((a) => read.get(a) ?? { version: 0n, head: GENESIS_HASH });
    }
    const entryId = uuid7();
    const chain = entry.postings.map((p, i) => {
      const { version, head } = heads[i]!;
      const seq = version + 1n;
      return { seq, prev: head, hash: postingHash(this.key, { prevHash: head, entryId, account: p.account, amount: p.amount, seq, idempotencyKey: entry.idempotencyKey, contentHash: entry.contentHash }) };
    });
    const values = [
      entryId,
      entry.idempotencyKey,
      entry.reason,
      entry.correlation.type,
      entry.correlation.id,
      JSON.stringify(entry.metadata, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)),
      entry.contentHash,
      this.clock.now(),
      accounts,
      entry.postings.map((p) => p.kind),
      entry.postings.map((p) => p.amount.toString()),
      chain.map((c) => c.seq.toString()),
      chain.map((c) => c.prev),
      chain.map((c) => c.hash),
      accounts.length,
    ];
    let row: { inserted: number; posted: number; balances: { account: string; balance: string }[] };
    try {
      [row] = (await preparedQuery(on, 'ledger_fast_v5', FAST_SQL, values)) as (typeof row)[];
    } catch (e) {
      for (const a of accounts) this.heads.delete(a);
      throw e;
    }
    if (row.inserted === 0) {
      // The key was used: by a committed entry (compare contents, read in a snapshot of its own) or by one committing
      // concurrently (retry: it is then visible).
      const [existing] = (await preparedQuery(on, 'ledger_many_keys_v1', MANY_KEYS_SQL, [[entry.idempotencyKey]])) as { id: string; content_hash: string }[];
      if (!existing) throw new LedgerRetryableError(`idempotency key ${entry.idempotencyKey} is being posted concurrently`);
      return duplicateOf(entry, { id: existing.id, contentHash: existing.content_hash });
    }
    if (row.posted !== entry.postings.length || row.balances.length !== entry.postings.length) {
      throw new Error(`ledger: entry ${entry.idempotencyKey} posted ${row.posted} of ${entry.postings.length} postings`);
    }
    // Only a committed head is worth remembering (a caller's transaction may still roll back).
    if (!m) chain.forEach((c, i) => this.remember(accounts[i], c.seq, c.hash));
    return { entryId, duplicate: false, balances: Object.fromEntries(row.balances.map((r) => [r.account, BigInt(r.balance)])) };
  }

  /**
   * One-statement posts of this process to the same account take turns (in account order, so they cannot deadlock):
   * the second starts from the head the first committed instead of clashing with it in the database. They would wait
   * on the projection row's lock anyway; posts to other accounts run side by side.
   */
  private async inTurn<T>(accounts: string[], fn: () => Promise<T>): Promise<T> {
    const releases: (() => void)[] = [];
    try {
      for (const account of [...accounts].sort()) releases.push(await this.turnOf(account));
      return await fn();
    } finally {
      for (const release of releases.reverse()) release();
    }
  }

  private turnOf(account: string): Promise<() => void> {
    const before = this.turns.get(account) ?? Promise.resolve();
    let release!: () => void;
    const done = new Promise<void>((r) => (release = r));
    const mine = before.then(() => done);
    this.turns.set(account, mine);
    return before.then(() => () => {
      release();
      if (this.turns.get(account) === mine) this.turns.delete(account);
    });
  }

  private remember(account: string, version: bigint, head: string): void {
    this.heads.delete(account);
    if (this.heads.size >= HEAD_CACHE_MAX) this.heads.delete(this.heads.keys().next().value!);
    this.heads.set(account, { version, head });
  }

  private translate(e: unknown, inCallerTransaction: boolean): unknown {
    if (e instanceof DomainError) return e;
    const { code, constraint } = pgError(e);
    if (code === PG.CHECK_VIOLATION && constraint === 'account_balances_user_wallet_non_negative') return WalletErrors.insufficientFunds();
    if (inCallerTransaction && isRetryableLedgerError(e)) return WalletErrors.concurrentUpdate();
    return e;
  }
}

/** The entries checked and hashed (an invalid one answers LEDGER.INVALID_ENTRY, nothing posted). */
function prepareAll(inputs: EntryInput[]): PreparedEntry[] {
  try {
    return inputs.map(prepareEntry);
  } catch (e) {
    if (e instanceof InvalidEntryError) throw WalletErrors.invalidEntry(e.message);
    throw e;
  }
}

/** An entry whose key is already used: the stored entry (posted once, answered again), or a conflict if it differs. */
function duplicateOf(entry: PreparedEntry, stored: { id: string; contentHash: string }): PostResult {
  if (stored.contentHash.trim() !== entry.contentHash) throw WalletErrors.idempotencyConflict(entry.idempotencyKey);
  return { entryId: stored.id, duplicate: true, balances: {} };
}

