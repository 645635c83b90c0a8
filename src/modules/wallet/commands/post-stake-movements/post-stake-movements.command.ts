import { Command } from '@nestjs/cqrs';
import type { InTransaction, LedgerEntryResult } from '../ledger-entry-result.js';

export type StakeMovement =
  | { type: 'REFUND_STAKE'; userId: string; challengeId: string; amount: bigint }
  | { type: 'MOVE_TO_POOL'; userId: string; challengeId: string; date: string; amount: bigint; testPool?: boolean; proof?: 'NONE' | 'PHOTO' }
  | { type: 'RETURN_STAKE'; userId: string; challengeId: string; amount: bigint; reason: 'CANCELLED' | 'SETTLED' | 'OUTAGE_FORGIVEN' }
  | { type: 'PAY_WINNINGS'; userId: string; challengeId: string; date: string; amount: bigint; testPool?: boolean; proof?: 'NONE' | 'PHOTO' }
  /** pledge mode: a miss's forfeited share to its charity (null: platform revenue) */
  | { type: 'DONATE_FORFEIT'; userId: string; challengeId: string; date: string; amount: bigint; charityId: string | null };

/**
 * Many stake movements at once (settlement chunks): the entries of domain/stake-entries.ts (the keys, reasons,
 * postings and metadata ReturnStake also posts), written with a few multi-row statements.
 * With a manager: in the caller's transaction (a clash → LEDGER.CONCURRENT_UPDATE, retry the whole transaction),
 * the movements between a user's own accounts first, then those through the pool (each group in the given order);
 * without: in the given order, in its own transaction, retried. Answers one result per movement, in order.
 */
export class PostStakeMovementsCommand extends Command<LedgerEntryResult[]> {
  constructor(readonly input: { movements: StakeMovement[] } & InTransaction) {
    super();
  }
}
