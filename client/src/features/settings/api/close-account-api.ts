import { api, unwrap } from '@/lib/api-client';
import type { ApiData, Schemas } from '@/types/api';

// Closing an account that still holds money: withdraw the whole balance (any amount, no fee below ₹100),
// follow the payout, then DELETE /auth/account (which succeeds once the balance is 0 and nothing is in flight).

export type SavedPayout = ApiData<'/wallet/payout-methods', 'get'>['payoutMethods'][number];
export type PayoutTransaction = Schemas['Transaction'];

export async function getSavedPayouts(signal?: AbortSignal): Promise<SavedPayout[]> {
  const data = unwrap<{ payoutMethods?: SavedPayout[] }>(await api.get('/wallet/payout-methods', { signal }));
  return data?.payoutMethods ?? [];
}

/** POST /wallet/withdraw of the whole balance, to a saved method or a UPI ID; answers the withdrawal's id. */
export async function withdrawWholeBalance(
  amount: number,
  to: { payoutMethodId: string } | { upiId: string },
): Promise<{ transactionId: string; netAmount: number; processingFee: number }> {
  const body = 'payoutMethodId' in to ? { amount, payoutMethodId: to.payoutMethodId } : { amount, withdrawalMethod: 'UPI', upiId: to.upiId.trim() };
  return unwrap(await api.post('/wallet/withdraw', body));
}

/** GET /wallet/transactions/{id}: the withdrawal's line (status PENDING, SUCCESS or FAILED). */
export async function getPayout(id: string, signal?: AbortSignal): Promise<PayoutTransaction> {
  return unwrap<PayoutTransaction>(await api.get(`/wallet/transactions/${encodeURIComponent(id)}`, { signal }));
}
