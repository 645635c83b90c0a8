import { Command } from '@nestjs/cqrs';
import type { InTransaction, LedgerEntryResult } from '../ledger-entry-result.js';

/** A pool nobody won: pool:{date} (or the test pool) → platform:revenue. Key `pool:{date}:revenue:{batchId}`. */
export class TakePlatformRevenueCommand extends Command<LedgerEntryResult> {
  constructor(readonly input: { date: string; batchId: string; amount: bigint; testPool?: boolean; proof?: 'NONE' | 'PHOTO' } & InTransaction) {
    super();
  }
}
