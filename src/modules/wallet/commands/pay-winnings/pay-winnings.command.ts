import { Command } from '@nestjs/cqrs';
import type { InTransaction, LedgerEntryResult } from '../ledger-entry-result.js';

/** A winner's share: pool:{date} → user wallet. Key `challenge:{id}:winnings`. Transaction type WINNINGS. */
export class PayWinningsCommand extends Command<LedgerEntryResult> {
  constructor(readonly input: { userId: string; challengeId: string; date: string; amount: bigint } & InTransaction) {
    super();
  }
}
