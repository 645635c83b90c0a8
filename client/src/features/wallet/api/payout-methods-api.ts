import { api, unwrap } from '@/lib/api-client';

// Saved payout methods and the IFSC lookup (src/modules/wallet/payout-methods.controller.ts).

/** A saved payout method as the server shows it: never the full UPI id or account number. */
export interface PayoutMethod {
  id: string;
  type: 'UPI' | 'BANK_TRANSFER';
  /** "HDFC Bank ••••1234" or "as***@okaxis". */
  label: string;
  upiId: string | null;
  accountNumber: string | null;
  ifscCode: string | null;
  accountHolderName: string | null;
  bankName: string | null;
  uses: number;
  lastUsedAt: string;
}

/** GET /ifsc/{code}: the branch (400 malformed, 404 unknown, 503 lookup unavailable). */
export interface IfscBranch {
  ifsc: string;
  bank: string;
  branch: string;
  city: string;
  state: string;
  address: string;
}

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
