/** The ledger's result, error and option types (LedgerService's public surface besides its methods). */
import { DomainError } from '../../../common/errors/domain-error.js';
import { isConcurrencyClash, isUniqueViolation, PG, pgError } from '../../../common/pg-error.js';

export interface PostResult {
  entryId: string;
  /** true when the idempotency key had already posted the same entry: nothing moved. */
  duplicate: boolean;
  /** Balances after the post of every account it touched (empty for a duplicate). */
  balances: Record<string, bigint>;
}

/** A transient clash with a concurrent writer: the whole transaction is retried. */
export class LedgerRetryableError extends Error {
  constructor(
    message: string,
    readonly pgCode?: string,
  ) {
    super(message);
    this.name = 'LedgerRetryableError';
  }
}

/** FAST_SQL found a projection moved since the head its hashes were computed on (ledger_head_moved()). */
export const isHeadMoved = (e: unknown): boolean => pgError(e).code === PG.SERIALIZATION_FAILURE && /projection moved/.test(String((e as Error)?.message));

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
