import { formatInr, toRupees } from '../../../common/money.js';

// A wallet transaction as the screens and the statement show it: one posting on the user's wallet, typed and described.

export const TRANSACTION_TYPES = ['DEPOSIT', 'FORFEIT', 'REFUND', 'WINNINGS', 'WITHDRAWAL', 'WITHDRAWAL_REVERSAL'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
/** Words clients filter with beside the types themselves: ALL is no filter; EARNING(S) are the winnings. */
export const TYPE_WORDS: Record<string, TransactionType | null> = { ALL: null, EARNING: 'WINNINGS', EARNINGS: 'WINNINGS' };
export const TRANSACTION_TYPE_FILTERS = [...Object.keys(TYPE_WORDS), ...TRANSACTION_TYPES];
export const REASONS: Record<TransactionType, string[]> = {
  DEPOSIT: ['DEPOSIT'],
  FORFEIT: ['CHALLENGE_STAKE'],
  REFUND: ['STAKE_RETURNED', 'STAKE_REFUNDED', 'APPEAL_REFUND', 'SHIELD_USED', 'LEAVE', 'OUTAGE_FORGIVEN'],
  WINNINGS: ['WINNINGS'],
  WITHDRAWAL: ['WITHDRAWAL_HOLD'],
  WITHDRAWAL_REVERSAL: ['WITHDRAWAL_REVERSED'],
};

/** One posting on the user's wallet with the deposit or withdrawal it belongs to (TRANSACTIONS_SQL's row). */
export interface TxRow {
  tx_id: string;
  entry_id: string;
  reason: string;
  correlation_type: string;
  correlation_id: string;
  metadata: Record<string, unknown>;
  amount: string;
  created_at: Date;
  payment_id: string | null;
  order_id: string | null;
  w_status: string | null;
  w_fee: string | null;
  w_net: string | null;
  w_method: string | null;
  total: string;
}

/** " · ₹98 sent after a ₹2 fee", or " · no fee" (a withdrawal shows its fee and net, not the gross alone). */
function withdrawalWords(r: TxRow): string {
  if (r.w_net === null) return '';
  const fee = BigInt(r.w_fee ?? '0');
  return fee > 0n ? ` · ${formatInr(BigInt(r.w_net))} sent after a ${formatInr(fee)} fee` : ' · no fee';
}

// A won stake's return reads "Stake back", never like a cancellation; a withdrawal says its fee and net; types stay.
const DESCRIPTIONS: Record<string, (r: TxRow) => string> = {
  DEPOSIT: () => 'Money added to wallet',
  CHALLENGE_STAKE: () => 'Forfeit staked on a wake-up challenge',
  STAKE_RETURNED: (r) =>
    r.metadata?.why === 'CANCELLED'
      ? 'Stake refunded: challenge cancelled'
      : r.metadata?.why === 'APPEAL_REFUNDED'
        ? 'Stake refunded: your appeal was accepted'
        : 'Stake back: woke up on time',
  APPEAL_REFUND: () => 'Forfeit refunded: your appeal was accepted',
  SHIELD_USED: () => 'Stake returned: a wake shield excused the morning',
  OUTAGE_FORGIVEN: () => 'Stake refunded in full: our service was down during your check-in window',
  LEAVE: () => 'Stake returned: you were on leave that day',
  STAKE_REFUNDED: () => 'Back after a missed wake-up',
  WINNINGS: () => 'Winnings: your share of the pool',
  WITHDRAWAL_HOLD: (r) => `${r.w_method === 'UPI' ? 'Withdrawal to UPI' : 'Withdrawal to bank account'}${withdrawalWords(r)}`,
  WITHDRAWAL_REVERSED: () => 'Withdrawal failed: amount returned to wallet',
};

function typeOf(reason: string): string {
  for (const t of TRANSACTION_TYPES) if (REASONS[t].includes(reason)) return t;
  return 'ADJUSTMENT';
}

export function toTransaction(r: TxRow) {
  const amount = BigInt(r.amount);
  const type = typeOf(r.reason);
  const status = r.reason === 'WITHDRAWAL_HOLD' ? (r.w_status ?? 'PENDING') : 'SUCCESS';
  const at = r.created_at.toISOString();
  const abs = amount < 0n ? -amount : amount;
  return {
    id: r.tx_id,
    type,
    amount: toRupees(abs),
    ...(r.reason === 'WITHDRAWAL_HOLD' && r.w_net !== null
      ? { netAmount: toRupees(BigInt(r.w_net)), processingFee: toRupees(BigInt(r.w_fee ?? '0')), method: r.w_method }
      : {}),
    debit: amount < 0n,
    credit: amount > 0n,
    status,
    reference: r.correlation_type === 'deposit' ? (r.payment_id ?? r.order_id ?? r.correlation_id) : r.correlation_id,
    ...(r.correlation_type === 'deposit' ? { orderId: r.order_id ?? r.correlation_id, paymentId: r.payment_id } : {}),
    description: (DESCRIPTIONS[r.reason] ?? (() => r.reason))(r),
    timestamp: at,
    createdAt: at,
  };
}

export type TransactionView = ReturnType<typeof toTransaction>;
