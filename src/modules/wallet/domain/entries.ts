import { payoutClearing, PLATFORM_FEES, userWallet, worldShard } from './accounts.js';
import type { EntryInput } from './journal.js';

/** The journal entries of deposits and withdrawals (amounts in paise). */

/** A confirmed deposit: world → wallet directly; the gateway and its ids are recorded in the metadata. */
/** `to`: the user's wallet, or its suspense account when the account was closed before the money arrived. */
/** `signature`: the checkout signature that confirmed it (kept so ledger:verify can re-check it with the key secret). */
export function depositEntry(d: {
  userId: string;
  orderId: string;
  paymentId: string;
  amount: bigint;
  provider: string;
  via: string;
  to?: string;
  signature?: string;
}): EntryInput {
  return {
    idempotencyKey: `deposit:${d.orderId}`,
    reason: 'DEPOSIT',
    correlation: { type: 'deposit', id: d.orderId },
    postings: [
      { account: worldShard(d.orderId), amount: -d.amount },
      { account: d.to ?? userWallet(d.userId), amount: d.amount },
    ],
    metadata: { gateway: d.provider, orderId: d.orderId, paymentId: d.paymentId, confirmedBy: d.via, ...(d.signature ? { signature: d.signature } : {}) },
  };
}

/** Withdrawal request: the whole amount leaves the wallet into this withdrawal's payout clearing (the hold). */
export function withdrawalHoldEntry(w: { id: string; userId: string; amount: bigint; fee: bigint; method: string }): EntryInput {
  return {
    idempotencyKey: `withdrawal:${w.id}:hold`,
    reason: 'WITHDRAWAL_HOLD',
    correlation: { type: 'withdrawal', id: w.id },
    postings: [
      { account: userWallet(w.userId), amount: -w.amount },
      { account: payoutClearing(w.id), amount: w.amount },
    ],
    metadata: { method: w.method, fee: w.fee.toString() },
  };
}

/** Payout succeeded: net to the world, fee to platform fees. */
export function withdrawalPaidEntry(w: { id: string; amount: bigint; fee: bigint; payoutReference?: string | null }): EntryInput {
  const postings = [
    { account: payoutClearing(w.id), amount: -w.amount },
    { account: worldShard(w.id), amount: w.amount - w.fee },
  ];
  if (w.fee > 0n) postings.push({ account: PLATFORM_FEES, amount: w.fee });
  return {
    idempotencyKey: `withdrawal:${w.id}:paid`,
    reason: 'WITHDRAWAL_PAID',
    correlation: { type: 'withdrawal', id: w.id },
    postings,
    metadata: { payoutReference: w.payoutReference ?? null },
  };
}

/** Payout failed: the hold goes back to the wallet in full. */
/** `to`: the user's wallet, or its suspense account when the account was closed before the payout failed. */
export function withdrawalVoidEntry(w: { id: string; userId: string; amount: bigint; why: string; to?: string }): EntryInput {
  return {
    idempotencyKey: `withdrawal:${w.id}:void`,
    reason: 'WITHDRAWAL_REVERSED',
    correlation: { type: 'withdrawal', id: w.id },
    postings: [
      { account: payoutClearing(w.id), amount: -w.amount },
      { account: w.to ?? userWallet(w.userId), amount: w.amount },
    ],
    metadata: { why: w.why },
  };
}
