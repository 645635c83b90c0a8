import { Query } from '@nestjs/cqrs';

export interface LedgerVerification {
  ok: boolean;
  checkedAt: Date;
  entries: number;
  accounts: number;
  journalSum: bigint;
  /** The first problem found, naming the account. */
  problems: string[];
}

/**
 * Projections equal the fold of the journal, the journal sums to zero, the keyed hash chains and content hashes hold, and
 * every DEPOSIT and withdrawal entry matches its provider record (and every confirmed deposit and withdrawal its entry).
 */
export class VerifyLedgerQuery extends Query<LedgerVerification> {}
