import { Command } from '@nestjs/cqrs';
import type { InTransaction, LedgerEntryResult } from '../ledger-entry-result.js';

/** Part of a failed challenge's stake back: challenge:{id}:stake → user wallet (85%). Key `challenge:{id}:refund`. Transaction type REFUND. */
export class RefundStakeCommand extends Command<LedgerEntryResult> {
  constructor(readonly input: { userId: string; challengeId: string; amount: bigint } & InTransaction) {
    super();
  }
}
