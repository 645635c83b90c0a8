import { Command } from '@nestjs/cqrs';
import type { InTransaction, LedgerEntryResult } from '../ledger-entry-result.js';

/** user:{userId}:wallet → challenge:{challengeId}:stake. Key `challenge:{id}:stake`. Refused (WALLET.INSUFFICIENT_FUNDS, 400) if it would overdraw. Transaction type FORFEIT. */
export class StakeForfeitCommand extends Command<LedgerEntryResult> {
  constructor(readonly input: { userId: string; challengeId: string; amount: bigint } & InTransaction) {
    super();
  }
}
