import { Command } from '@nestjs/cqrs';
import type { InTransaction, LedgerEntryResult } from '../ledger-entry-result.js';

/** challenge:{id}:stake → user wallet, the whole stake (cancel, or a winner's stake back). Key `challenge:{id}:return-stake`. Transaction type REFUND. */
export class ReturnStakeCommand extends Command<LedgerEntryResult> {
  constructor(readonly input: { userId: string; challengeId: string; amount: bigint; reason: 'CANCELLED' | 'SETTLED' | 'APPEAL_REFUNDED' } & InTransaction) {
    super();
  }
}
