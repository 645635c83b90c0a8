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

/** Projections equal the fold of the journal, the journal sums to zero, hash chains hold. */
export class VerifyLedgerQuery extends Query<LedgerVerification> {}
