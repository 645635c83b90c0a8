import { Command } from '@nestjs/cqrs';
import type { InTransaction, LedgerEntryResult } from '../ledger-entry-result.js';
import type { ReturnStakeReason } from '../../domain/stake-entries.js';

export type { ReturnStakeReason };

/** challenge:{id}:stake → user wallet, the whole stake (cancel, a winner's stake back, an excused morning: SHIELD_USED, LEAVE). Key `challenge:{id}:return-stake`. Transaction type REFUND. */
export class ReturnStakeCommand extends Command<LedgerEntryResult> {
  constructor(readonly input: { userId: string; challengeId: string; amount: bigint; reason: ReturnStakeReason } & InTransaction) {
    super();
  }
}
