import { createHash, createHmac } from 'node:crypto';
import { accountKind, AccountKind } from './accounts.js';

/** Pure rules of a journal entry: validation, canonical content hash, per-account posting hash. */
export type CorrelationType = 'deposit' | 'challenge' | 'withdrawal' | 'settlement' | 'adjustment';
export const CORRELATION_TYPES: readonly CorrelationType[] = ['deposit', 'challenge', 'withdrawal', 'settlement', 'adjustment'];

export interface PostingInput {
  account: string;
  /** Paise: positive credits the account, negative debits it. */
  amount: bigint;
}

export interface EntryInput {
  idempotencyKey: string;
  reason: string;
  correlation: { type: CorrelationType; id: string };
  postings: PostingInput[];
  metadata?: Record<string, unknown>;
}

export interface PreparedEntry extends EntryInput {
  /** Sorted by account: the fixed order in which accounts are locked and updated. */
  postings: (PostingInput & { kind: AccountKind })[];
  metadata: Record<string, unknown>;
  contentHash: string;
}

export const GENESIS_HASH = '0'.repeat(64);

export class InvalidEntryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidEntryError';
  }
}

/** Validates an entry (balanced, distinct well-formed accounts, non-zero amounts) and computes its content hash. */
export function prepareEntry(input: EntryInput): PreparedEntry {
  const key = input.idempotencyKey;
  if (typeof key !== 'string' || key.length === 0 || key.length > 200) throw new InvalidEntryError('idempotency key must be 1-200 characters');
  if (typeof input.reason !== 'string' || !/^[A-Z][A-Z0-9_]{0,63}$/.test(input.reason)) throw new InvalidEntryError(`bad reason "${input.reason}"`);
  if (!CORRELATION_TYPES.includes(input.correlation?.type)) throw new InvalidEntryError(`bad correlation type "${input.correlation?.type}"`);
  if (typeof input.correlation.id !== 'string' || !input.correlation.id || input.correlation.id.length > 200) throw new InvalidEntryError('bad correlation id');
  if (!Array.isArray(input.postings) || input.postings.length < 2) throw new InvalidEntryError('an entry needs at least two postings');
  const seen = new Set<string>();
  let sum = 0n;
  const postings = input.postings.map((p) => {
    if (typeof p.amount !== 'bigint' || p.amount === 0n) throw new InvalidEntryError(`posting to ${p.account} must be a non-zero bigint`);
    const kind = accountKind(p.account);
    if (!kind) throw new InvalidEntryError(`unknown account "${p.account}"`);
    if (seen.has(p.account)) throw new InvalidEntryError(`account ${p.account} appears twice in one entry`);
    seen.add(p.account);
    sum += p.amount;
    return { account: p.account, amount: p.amount, kind };
  });
  if (sum !== 0n) throw new InvalidEntryError(`postings sum to ${sum}, not zero`);
  postings.sort((a, b) => (a.account < b.account ? -1 : a.account > b.account ? 1 : 0));
  const prepared = { ...input, postings, metadata: input.metadata ?? {} };
  return { ...prepared, contentHash: contentHash(prepared) };
}

/** What makes two posts "the same": reason, correlation and postings (metadata is descriptive and left out). */
export function contentHash(e: Pick<EntryInput, 'reason' | 'correlation' | 'postings'>): string {
  const postings = [...e.postings].sort((a, b) => (a.account < b.account ? -1 : a.account > b.account ? 1 : 0)).map((p) => [p.account, p.amount.toString()]);
  const canonical = JSON.stringify({ reason: e.reason, correlation: [e.correlation.type, e.correlation.id], postings });
  return createHash('sha256').update(canonical).digest('hex');
}

/**
 * The per-account chain, keyed: hash = HMAC-SHA256(key, prev_hash | entry_id | account | amount | seq | idempotency_key
 * | content_hash), hex. The key (LEDGER_HMAC_KEY) lives outside the database, so a row written behind the application's
 * back (a forged entry, an edited amount, a re-chained account) cannot carry a valid hash. The only formula of the
 * chain: every writer and the verifier call it here.
 */
export function postingHash(
  key: string,
  p: { prevHash: string; entryId: string; account: string; amount: bigint; seq: bigint; idempotencyKey: string; contentHash: string },
): string {
  return createHmac('sha256', key)
    .update([p.prevHash, p.entryId, p.account, p.amount.toString(), p.seq.toString(), p.idempotencyKey, p.contentHash].join('|'))
    .digest('hex');
}
