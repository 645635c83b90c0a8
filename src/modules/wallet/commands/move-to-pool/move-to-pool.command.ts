import { Command } from '@nestjs/cqrs';
import type { InTransaction, LedgerEntryResult } from '../ledger-entry-result.js';

/** The forfeited part of a stake: challenge:{id}:stake → pool:{date}. Key `challenge:{id}:pool`. */
export class MoveToPoolCommand extends Command<LedgerEntryResult> {
  constructor(readonly input: { userId: string; challengeId: string; date: string; amount: bigint } & InTransaction) {
    super();
  }
}
