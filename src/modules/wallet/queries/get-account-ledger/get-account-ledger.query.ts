import { Query } from '@nestjs/cqrs';

export interface LedgerLine {
  entryId: string;
  postedAt: Date;
  reason: string;
  correlationType: 'deposit' | 'challenge' | 'withdrawal' | 'settlement' | 'adjustment';
  correlationId: string;
  idempotencyKey: string;
  /** This account's posting amount in paise: positive credit, negative debit. */
  amount: bigint;
  runningBalance: bigint;
  postings: { account: string; amount: bigint }[];
  metadata: Record<string, unknown>;
}

/** Every entry touching a user's wallet, oldest first, with the running balance (support console). */
export class GetAccountLedgerQuery extends Query<{ account: string; balance: bigint; lines: LedgerLine[] }> {
  constructor(readonly userId: string) {
    super();
  }
}
