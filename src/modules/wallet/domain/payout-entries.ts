import { PLATFORM_FEES, userWallet, worldShard } from './accounts.js';
import type { EntryInput } from './journal.js';

/**
 * A payout the bank returned after it was processed (RazorpayX `payout.reversed` after `payout.processed`): the paid
 * entry stands (the journal is never edited) and this reversing entry gives the user the whole amount back: the net
 * from the world (the money came back to the business account) and the fee from platform fees.
 */
export function withdrawalReturnedEntry(w: { id: string; userId: string; amount: bigint; fee: bigint; why: string; to?: string }): EntryInput {
  const postings = [
    { account: worldShard(w.id), amount: -(w.amount - w.fee) },
    // `to`: the wallet, or its suspense account when the account was closed before the bank returned the payout.
    { account: w.to ?? userWallet(w.userId), amount: w.amount },
  ];
  if (w.fee > 0n) postings.push({ account: PLATFORM_FEES, amount: -w.fee });
  return {
    idempotencyKey: `withdrawal:${w.id}:returned`,
    reason: 'WITHDRAWAL_REVERSED',
    correlation: { type: 'withdrawal', id: w.id },
    postings,
    metadata: { why: w.why, after: 'paid' },
  };
}
