import { Command } from '@nestjs/cqrs';
import type { InTransaction, LedgerEntryResult } from '../ledger-entry-result.js';

/**
 * An upheld appeal of a miss that was already settled: the operator pays the forfeit back (world → user wallet; the pool
 * it went to is already paid out). Key `appeal:{appealId}:refund`. Transaction type REFUND.
 */
export class CreditAppealRefundCommand extends Command<LedgerEntryResult> {
  constructor(readonly input: { userId: string; challengeId: string; appealId: string; amount: bigint; note: string } & InTransaction) {
    super();
  }
}
