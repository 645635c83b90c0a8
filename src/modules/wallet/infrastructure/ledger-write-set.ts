import { uuid7 } from '../../../common/uuid.js';
import { PreparedEntry, postingHash } from '../domain/journal.js';

/** An account's projection as a batch moves it: from its head when read (`start`) to its head after the batch. */
export interface AccountState {
  balance: bigint;
  version: bigint;
  head: string;
  prev: string;
  touched: boolean;
  readonly start: { version: bigint; head: string };
}

export const accountState = (balance: bigint, version: bigint, head: string, prev: string): AccountState => ({
  balance,
  version,
  head,
  prev,
  touched: false,
  start: { version, head },
});

/**
 * The rows of a batch of entries, as its one write statement takes them (arrays, one per column): each entry appended
 * onto the heads in `state`, as if posted one by one (sequence, previous hash, keyed hash and balance of each posting).
 * The only place a writer chains postings: the locked batch (postMany) and the one-statement post both build one.
 */
export class LedgerWriteSet {
  readonly je = {
    id: [] as string[],
    key: [] as string[],
    reason: [] as string[],
    ctype: [] as string[],
    cid: [] as string[],
    meta: [] as string[],
    hash: [] as string[],
  };
  readonly ps = { entry: [] as string[], account: [] as string[], amount: [] as string[], seq: [] as string[], prev: [] as string[], hash: [] as string[] };

  constructor(
    private readonly key: string,
    readonly state: Map<string, AccountState>,
  ) {}

  /** $1..$14 of FAST_SQL and MANY_WRITE_SQL alike: the entries' columns, the instant, the postings' columns. */
  rowParams(now: Date): unknown[] {
    const { je, ps } = this;
    return [je.id, je.key, je.reason, je.ctype, je.cid, je.meta, je.hash, now, ps.entry, ps.account, ps.amount, ps.seq, ps.prev, ps.hash];
  }

  /** Appends an entry; answers its id and the balances after it (relative to the start when balances are unknown). */
  add(e: PreparedEntry): { entryId: string; balances: Record<string, bigint> } {
    const entryId = uuid7();
    const balances: Record<string, bigint> = {};
    for (const p of e.postings) {
      const s = this.state.get(p.account);
      if (!s) throw new Error(`ledger: account ${p.account} was not read`);
      const seq = s.version + 1n;
      const hash = postingHash(this.key, {
        prevHash: s.head,
        entryId,
        account: p.account,
        amount: p.amount,
        seq,
        idempotencyKey: e.idempotencyKey,
        contentHash: e.contentHash,
      });
      this.ps.entry.push(entryId);
      this.ps.account.push(p.account);
      this.ps.amount.push(p.amount.toString());
      this.ps.seq.push(seq.toString());
      this.ps.prev.push(s.head);
      this.ps.hash.push(hash);
      s.balance += p.amount;
      s.version = seq;
      s.prev = s.head;
      s.head = hash;
      s.touched = true;
      balances[p.account] = s.balance;
    }
    this.je.id.push(entryId);
    this.je.key.push(e.idempotencyKey);
    this.je.reason.push(e.reason);
    this.je.ctype.push(e.correlation.type);
    this.je.cid.push(e.correlation.id);
    this.je.meta.push(JSON.stringify(e.metadata, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)));
    this.je.hash.push(e.contentHash);
    return { entryId, balances };
  }

  touched(): [string, AccountState][] {
    return [...this.state.entries()].filter(([, s]) => s.touched);
  }
}
