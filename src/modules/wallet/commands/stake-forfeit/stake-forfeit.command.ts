import { Command } from '@nestjs/cqrs';
import type { InTransaction, LedgerEntryResult } from '../ledger-entry-result.js';

/**
 * user:{userId}:wallet → challenge:{challengeId}:stake. Key `challenge:{id}:stake`. Refused (WALLET.INSUFFICIENT_FUNDS, 400) if it would overdraw,
 * and (WALLET.BELOW_MINIMUM_BALANCE, 400) when `balanceAbove` is given and the wallet's locked balance before the stake is not above it.
 * Transaction type FORFEIT.
 */
export class StakeForfeitCommand extends Command<LedgerEntryResult> {
  constructor(readonly input: { userId: string; challengeId: string; amount: bigint; balanceAbove?: bigint } & InTransaction) {
    super();
  }
}
