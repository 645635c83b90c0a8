import { mayGoNegative } from '../domain/accounts.js';
import { EntryInput, InvalidEntryError, PreparedEntry, prepareEntry } from '../domain/journal.js';
import { WalletErrors } from '../wallet.errors.js';
import type { BalanceFloor, PostResult } from './ledger.types.js';

/** Entries debiting only the world (deposits) may take the one-statement path; anything that could overdraw, or has a
 * floor to check, locks its accounts first. */
export function isFast(entry: PreparedEntry, floor?: BalanceFloor): boolean {
  return !floor && !entry.postings.some((p) => p.amount < 0n && !mayGoNegative(p.account));
}

/** The entries checked and hashed (an invalid one answers LEDGER.INVALID_ENTRY, nothing posted). */
export function prepareAll(inputs: EntryInput[]): PreparedEntry[] {
  try {
    return inputs.map(prepareEntry);
  } catch (e) {
    if (e instanceof InvalidEntryError) throw WalletErrors.invalidEntry(e.message);
    throw e;
  }
}

/** An entry whose key is already used: the stored entry (posted once, answered again), or a conflict if it differs. */
export function duplicateOf(entry: PreparedEntry, stored: { id: string; contentHash: string }): PostResult {
  if (stored.contentHash.trim() !== entry.contentHash) throw WalletErrors.idempotencyConflict(entry.idempotencyKey);
  return { entryId: stored.id, duplicate: true, balances: {} };
}
