import type { EntityManager } from 'typeorm';

/** What every ledger command answers: the entry posted (or found, when the idempotency key was already used). */
export interface LedgerEntryResult {
  entryId: string;
  /** true when this idempotency key had already posted the same entry: nothing moved again. */
  duplicate: boolean;
}

/** A caller that must move money in its own transaction (e.g. a challenge row plus its stake) passes its manager. */
export interface InTransaction {
  manager?: EntityManager;
}
