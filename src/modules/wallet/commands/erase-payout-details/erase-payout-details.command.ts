import { Command } from '@nestjs/cqrs';
import type { EntityManager } from 'typeorm';

/**
 * A closed account's payout details (UPI id, bank account, IFSC, holder and bank name) are erased from its ended
 * withdrawals, inside the closure's transaction; amounts, statuses, references and the last four digits stay for the
 * ledger and reconciliation. Answers how many withdrawals were touched.
 */
export class ErasePayoutDetailsCommand extends Command<{ erased: number }> {
  constructor(
    readonly userId: string,
    readonly manager: EntityManager,
  ) {
    super();
  }
}
