import { Inject, Injectable, Logger } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { AppConfig } from '../../../config/app-config.js';
import { Clock } from '../../../common/clock.js';
import { DomainError } from '../../../common/errors/domain-error.js';
import { PG, pgError } from '../../../common/pg-error.js';
import { preparedQuery } from '../../../common/prepared-query.js';
import { retry, upTo } from '../../../common/retry.js';
import { mayGoNegative } from '../domain/accounts.js';
import { EntryInput, GENESIS_HASH, PreparedEntry } from '../domain/journal.js';
import { LedgerEntryPosted } from '../events/ledger-entry-posted.event.js';
import { AccountTurns } from './account-turns.js';
import { GroupCommit, LanedGroupCommit } from '../../../common/group-commit.js';
import { duplicateOf, isFast, prepareAll } from './ledger-entries.js';
import { accountState, LedgerWriteSet } from './ledger-write-set.js';
import { FAST_SQL, HEADS_LOCK_SQL, HEADS_SQL, MANY_KEYS_SQL, MANY_LOCK_SQL, MANY_OPEN_SQL, MANY_WRITE_SQL } from './ledger.sql.js';
import { WalletErrors } from '../wallet.errors.js';

export { LedgerRetryableError, isRetryableLedgerError } from './ledger.types.js';
export type { BalanceFloor, PostOptions, PostResult } from './ledger.types.js';
import { isHeadMoved, isRetryableLedgerError, LedgerRetryableError, type BalanceFloor, type PostOptions, type PostResult } from './ledger.types.js';

const MAX_ATTEMPTS = 40;

/** One entry's own failure inside a group (an overdraft, a floor, a conflicting key): its neighbours still post. */
interface PostFailure {
  failed: unknown;
}
type Outcome = PostResult | PostFailure;

/** A post waiting for its group's batch (GroupCommit). */
interface Pending {
  entry: PreparedEntry;
  floor?: BalanceFloor;
}

/**
 * Lanes of one-statement posts, by the world shard they debit (one batch in flight each; two measured best for a rush
 * of 32 writers: 115–122 % of pgbench against 98–105 % with one, four 109–112 %; docs/performance.md 2026-12-07
 * evening), and batches of locked posts in flight.
 */
const FAST_LANES = 2;
const LOCKED_SLOTS = 2;

/** Heads of account chains this process wrote last (a hint: the statement checks it, a stale one only costs a retry). */
const HEAD_CACHE_MAX = 10_000;

/**
 * The only writer of the journal. post() appends one balanced entry and updates the projection in the same
 * transaction; in the caller's transaction when given a manager (no retry inside: the caller retries), otherwise
 * in its own, retried on version conflicts, serialization failures and deadlocks, with events after commit.
 * Every posting's chain hash is postingHash() (HMAC with the ledger key), computed in code (LedgerWriteSet), never in SQL.
 */
@Injectable()
export class LedgerService {
  private readonly logger = new Logger('Ledger');
  private readonly key: string;
  private readonly heads = new Map<string, { version: bigint; head: string }>();
  private readonly turns = new AccountTurns();
  /**
   * Posts outside a caller's transaction, grouped: one transaction and one commit per batch. One-statement posts
   * (deposits) go down one of FAST_LANES lanes chosen by the account they debit (a world shard), so in a rush the lanes'
   * batches touch different shards and commit side by side instead of queueing on the same rows, while a few posts at
   * a quiet time still share one batch (LanedGroupCommit); the rest (which lock their accounts) share one group.
   */
  private readonly fastLanes = new LanedGroupCommit<Pending, Outcome>((items) => this.commitGroup(items), FAST_LANES);
  private readonly lockedLane = new GroupCommit<Pending, Outcome>((items) => this.commitGroup(items), LOCKED_SLOTS);

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
    const [outcome] = manager
      ? await this.write(
          [entry],
          manager,
          isFast(entry, options.floor) ? async (m) => (await this.postFast(m, [entry]))! : (m) => this.batch(m, [entry], [options.floor]),
        )
      : [await this.own({ entry, floor: options.floor })];
    if ('failed' in outcome) throw outcome.failed;
    return outcome;
  }

  /**
   * A batch of concurrent own-transaction posts (GroupCommit), written in one transaction with one commit. Entries
   * debiting only the world (deposits) take the one-statement path (one round trip for the whole batch); otherwise, or
   * when that path cannot decide alone (a key already used, a head moved), postMany's locked batch, each entry decided
   * as if posted alone after the ones before it: one that fails (an overdraft, a floor, a key reused with other
   * contents) is left out and fails alone, its neighbours commit together.
   */
  private commitGroup(items: Pending[]): Promise<Outcome[]> {
    const entries = items.map((i) => i.entry);
    const floors = items.map((i) => i.floor);
    if (items.every((i) => isFast(i.entry, i.floor)) && new Set(entries.map((e) => e.idempotencyKey)).size === entries.length) {
      return this.write(entries, undefined, async () => (await this.postFast(null, entries)) ?? this.batch(null, entries, floors, true));
    }
    return this.write(entries, undefined, (m) => this.batch(m, entries, floors, true));
  }

  /** A post in its own transaction: down its world shard's lane when it takes the one-statement path, else the locked group. */
  private own(pending: Pending): Promise<Outcome> {
    if (!isFast(pending.entry, pending.floor)) return this.lockedLane.push(pending);
    const debited = pending.entry.postings.find((p) => p.amount < 0n)!.account;
    let h = 0;
    for (let i = 0; i < debited.length; i++) h = (h * 31 + debited.charCodeAt(i)) | 0;
    return this.fastLanes.push(pending, Math.abs(h) % this.fastLanes.lanes);
  }

  /** Publishes a committed entry's event (for a caller that posted inside its own transaction, after its commit). */
  publish(entryId: string, entry: Pick<EntryInput, 'idempotencyKey' | 'reason' | 'correlation' | 'postings'>): void {
    this.eventBus.publish(
      new LedgerEntryPosted(
        entryId,
        entry.idempotencyKey,
        entry.reason,
        entry.correlation,
        entry.postings.map((p) => ({ account: p.account, amount: p.amount })),
      ),
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
    return (await this.write(entries, manager, (m) => this.batch(m, entries))) as PostResult[];
  }

  /**
   * The single write path of post and postMany; `run` is the implementation (the one-statement post or the batch),
   * given the caller's manager or null. In the caller's transaction: no retry, a clash answers LEDGER.CONCURRENT_UPDATE
   * and the caller publishes after its commit. Otherwise: retried on clashes, events published after the commit.
   */
  private async write(entries: PreparedEntry[], manager: EntityManager | undefined, run: (m: EntityManager | null) => Promise<Outcome[]>): Promise<Outcome[]> {
    if (manager) {
      try {
        return await run(manager);
      } catch (e) {
        throw this.translate(e, true);
      }
    }
    let results: Outcome[];
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
    results.forEach((r, i) => !('failed' in r) && !r.duplicate && this.publish(r.entryId, entries[i]));
    return results;
  }

  /**
   * The batch implementation: in the caller's transaction, or in one of its own (whose heads are then remembered for
   * the one-statement path). `isolate`: an entry's own failure is its outcome instead of the whole batch's.
   */
  private async batch(m: EntityManager | null, entries: PreparedEntry[], floors: (BalanceFloor | undefined)[] = [], isolate = false): Promise<Outcome[]> {
    if (m) return this.postManyIn(m, entries, floors, isolate);
    const heads: { account: string; version: bigint; head: string }[] = [];
    const outcomes = await this.ds.transaction((t) => this.postManyIn(t, entries, floors, isolate, heads));
    for (const h of heads) this.remember(h.account, h.version, h.head);
    return outcomes;
  }

  private async postManyIn(
    m: EntityManager,
    entries: PreparedEntry[],
    floors: (BalanceFloor | undefined)[],
    isolate: boolean,
    written?: { account: string; version: bigint; head: string }[],
  ): Promise<Outcome[]> {
    const now = this.clock.now();
    const kinds = new Map<string, string>();
    for (const e of entries) for (const p of e.postings) kinds.set(p.account, p.kind);
    const accounts = [...kinds.keys()].sort();

    const existingRows = (await preparedQuery(m, 'ledger_many_keys_v1', MANY_KEYS_SQL, [entries.map((e) => e.idempotencyKey)])) as {
      key: string;
      id: string;
      content_hash: string;
    }[];
    // keys already stored, and (in a group) keys posted earlier in this batch: a repeat answers as a duplicate
    const existing = new Map(existingRows.map((r) => [r.key, { id: r.id, contentHash: r.content_hash }]));

    type Locked = { account: string; balance: string; version: string; head_hash: string; prev_hash: string };
    let locked = (await preparedQuery(m, 'ledger_many_lock_v1', MANY_LOCK_SQL, [accounts])) as Locked[];
    if (locked.length < accounts.length) {
      const have = new Set(locked.map((r) => r.account));
      const missing = accounts.filter((a) => !have.has(a));
      await preparedQuery(m, 'ledger_many_open_v1', MANY_OPEN_SQL, [now, missing, missing.map((a) => kinds.get(a))]);
      locked = (await preparedQuery(m, 'ledger_many_lock_v1', MANY_LOCK_SQL, [accounts])) as Locked[];
    }
    const set = new LedgerWriteSet(
      this.key,
      new Map(locked.map((r) => [r.account, accountState(BigInt(r.balance), BigInt(r.version), r.head_hash.trim(), r.prev_hash.trim())])),
    );
    const state = set.state;

    const results: Outcome[] = [];
    const fail = (e: unknown): void => {
      if (!isolate) throw e;
      results.push({ failed: e });
    };
    for (const [i, e] of entries.entries()) {
      const found = existing.get(e.idempotencyKey);
      if (found) {
        try {
          results.push(duplicateOf(e, found));
        } catch (conflict) {
          fail(conflict);
        }
        continue;
      }
      const floor = floors[i];
      if (floor && (state.get(floor.account)?.balance ?? 0n) <= floor.above) {
        fail(WalletErrors.belowFloor(floor.above));
        continue;
      }
      for (const p of e.postings) if (!state.has(p.account)) throw new Error(`ledger: account ${p.account} was not locked`);
      const overdrawn = e.postings.find((p) => p.amount < 0n && !mayGoNegative(p.account) && state.get(p.account)!.balance + p.amount < 0n);
      if (overdrawn) {
        fail(overdrawn.kind === 'user_wallet' ? WalletErrors.insufficientFunds() : WalletErrors.accountOverdrawn(overdrawn.account));
        continue;
      }
      const { entryId, balances } = set.add(e);
      existing.set(e.idempotencyKey, { id: entryId, contentHash: e.contentHash });
      results.push({ entryId, duplicate: false, balances });
    }
    const { je, ps } = set;
    if (je.id.length === 0) return results;
    const touched = set.touched();
    for (const [account] of touched) this.heads.delete(account);
    const [row] = (await preparedQuery(m, 'ledger_many_write_v1', MANY_WRITE_SQL, [
      ...set.rowParams(now),
      touched.map(([a]) => a),
      touched.map(([, s]) => s.balance.toString()),
      touched.map(([, s]) => s.version.toString()),
      touched.map(([, s]) => s.head),
      touched.map(([, s]) => s.prev),
    ])) as { entries: number; postings: number; updated: number }[];
    if (row.entries !== je.id.length || row.postings !== ps.entry.length || row.updated !== touched.length) {
      throw new LedgerRetryableError(
        `ledger: batch wrote ${row.entries}/${je.id.length} entries, ${row.postings}/${ps.entry.length} postings, ${row.updated}/${touched.length} projections`,
      );
    }
    written?.push(...touched.map(([account, s]) => ({ account, version: s.version, head: s.head })));
    return results;
  }

  /**
   * The one-statement post of entries that debit only the world (see FAST_SQL): on the caller's connection when given
   * a manager (one entry, heads read under lock first), else on its own from the cached heads (read when unknown), its
   * accounts' turns held (in account order, so they cannot deadlock: a second batch of this process on the same
   * accounts starts from the heads the first committed instead of clashing with it in the database). On its own it
   * answers null when it cannot decide alone (a key already used, a head moved): nothing was written, and the locked
   * batch decides. In a caller's transaction a used key is looked up (duplicate, or retryable while its first post
   * commits).
   */
  private async postFast(m: EntityManager | null, entries: PreparedEntry[]): Promise<PostResult[] | null> {
    const accounts = [...new Set(entries.flatMap((e) => e.postings.map((p) => p.account)))].sort();
    const release = m ? () => {} : await this.turns.of(accounts);
    try {
      return await this.postFastIn(m, entries, accounts);
    } finally {
      release();
    }
  }

  private async postFastIn(m: EntityManager | null, entries: PreparedEntry[], accounts: string[]): Promise<PostResult[] | null> {
    const on = m ?? this.ds;
    const heads = new Map(m ? [] : accounts.flatMap((a) => (this.heads.has(a) ? [[a, this.heads.get(a)!] as const] : [])));
    const unknown = accounts.filter((a) => !heads.has(a));
    if (unknown.length > 0) {
      const rows = (await preparedQuery(on, m ? 'ledger_heads_lock_v1' : 'ledger_heads_v1', m ? HEADS_LOCK_SQL : HEADS_SQL, [unknown])) as {
        account: string;
        version: string;
        head_hash: string;
      }[];
      const read = new Map(rows.map((r) => [r.account, { version: BigInt(r.version), head: r.head_hash.trim() }]));
      for (const a of unknown) heads.set(a, read.get(a) ?? { version: 0n, head: GENESIS_HASH });
    }
    const set = new LedgerWriteSet(this.key, new Map(accounts.map((a) => [a, accountState(0n, heads.get(a)!.version, heads.get(a)!.head, '')])));
    const added = entries.map((e) => set.add(e));
    const { je, ps } = set;
    const kinds = new Map(entries.flatMap((e) => e.postings.map((p) => [p.account, p.kind] as const)));
    const touched = set.touched();
    let row: { inserted: number; posted: number; balances: { account: string; balance: string }[] };
    try {
      [row] = (await preparedQuery(on, 'ledger_fast_v6', FAST_SQL, [
        ...set.rowParams(this.clock.now()),
        touched.map(([a]) => a),
        touched.map(([a]) => kinds.get(a)),
        touched.map(([, s]) => s.balance.toString()),
        touched.map(([, s]) => s.version.toString()),
        touched.map(([, s]) => s.prev),
        touched.map(([, s]) => s.head),
        touched.map(([, s]) => s.start.version.toString()),
        touched.map(([, s]) => s.start.head),
        entries.length,
        ps.entry.length,
        touched.length,
      ])) as (typeof row)[];
    } catch (e) {
      for (const a of accounts) this.heads.delete(a);
      if (!m && isHeadMoved(e)) return null;
      throw e;
    }
    if (row.inserted === 0) {
      if (!m) return null;
      // The key was used: by a committed entry (compare contents, read in a snapshot of its own) or by one committing
      // concurrently (retry: it is then visible).
      const [entry] = entries;
      const [existing] = (await preparedQuery(on, 'ledger_many_keys_v1', MANY_KEYS_SQL, [[entry.idempotencyKey]])) as { id: string; content_hash: string }[];
      if (!existing) throw new LedgerRetryableError(`idempotency key ${entry.idempotencyKey} is being posted concurrently`);
      return [duplicateOf(entry, { id: existing.id, contentHash: existing.content_hash })];
    }
    if (row.posted !== ps.entry.length || row.balances.length !== touched.length) {
      for (const a of accounts) this.heads.delete(a);
      throw new Error(`ledger: entries ${je.key.join(', ')} posted ${row.posted} of ${ps.entry.length} postings`);
    }
    // Only a committed head is worth remembering (a caller's transaction may still roll back).
    if (!m) for (const [a, st] of touched) this.remember(a, st.version, st.head);
    // balances after each entry: the account's balance now, less what later entries of the batch moved
    const after = new Map(row.balances.map((r) => [r.account, BigInt(r.balance) - set.state.get(r.account)!.balance]));
    return added.map(({ entryId, balances }) => ({
      entryId,
      duplicate: false,
      balances: Object.fromEntries(Object.entries(balances).map(([a, moved]) => [a, after.get(a)! + moved])),
    }));
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
