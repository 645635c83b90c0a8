import { api, unwrap } from '@/lib/api-client';
import type { ApiData } from '@/types/api';

// Saved payout methods and the IFSC lookup (src/modules/wallet/payout-methods.controller.ts).

/** A saved payout method as the server shows it: never the full UPI id or account number. */
export type PayoutMethod = ApiData<'/wallet/payout-methods', 'get'>['payoutMethods'][number];
/** GET /ifsc/{code}: the branch (400 malformed, 404 unknown, 503 lookup unavailable). */
export type IfscBranch = ApiData<'/ifsc/{code}', 'get'>;

export async function getPayoutMethods(): Promise<PayoutMethod[]> {
  const data = unwrap<{ payoutMethods?: PayoutMethod[] }>(await api.get('/wallet/payout-methods'));
  return data?.payoutMethods ?? [];
}

export async function removePayoutMethod(id: string): Promise<void> {
  await api.delete(`/wallet/payout-methods/${encodeURIComponent(id)}`);
}

export async function lookupIfsc(code: string): Promise<IfscBranch> {
  return unwrap<IfscBranch>(await api.get(`/ifsc/${encodeURIComponent(code)}`));
}
