import { WalletErrors } from '../wallet.errors.js';
import { isUuid } from '../../../common/uuid.js';
import type { WithdrawalInput, WithdrawalRequest } from './withdrawal-rules.js';

/** Saved payout methods as a person sees them: never the full UPI id or account number. */
export interface PayoutMethodRow {
  id: string;
  method: 'UPI' | 'BANK_TRANSFER';
  upi_id: string | null;
  bank_account_last4: string | null;
  ifsc_code: string | null;
  account_holder_name: string | null;
  bank_name: string | null;
  uses: number;
  last_used_at: Date;
}

export interface PayoutMethodView {
  id: string;
  type: 'UPI' | 'BANK_TRANSFER';
  /** What the withdraw page offers: "HDFC Bank ••••1234" or "as***@okaxis". */
  label: string;
  upiId: string | null;
  accountNumber: string | null;
  ifscCode: string | null;
  accountHolderName: string | null;
  bankName: string | null;
  uses: number;
  lastUsedAt: string;
}

/** as***@okaxis: the first two characters of the name, the handle in full. */
export function maskUpiId(upi: string): string {
  const at = upi.lastIndexOf('@');
  const name = at < 0 ? upi : upi.slice(0, at);
  return `${name.slice(0, 2)}${'*'.repeat(Math.max(3, name.length - 2))}${at < 0 ? '' : upi.slice(at)}`;
}

export const maskAccountNumber = (last4: string): string => `••••${last4}`;

export function payoutMethodView(r: PayoutMethodRow): PayoutMethodView {
  const base = { id: r.id, type: r.method, uses: r.uses, lastUsedAt: r.last_used_at.toISOString() };
  if (r.method === 'UPI') {
    const upiId = maskUpiId(r.upi_id ?? '');
    return { ...base, label: upiId, upiId, accountNumber: null, ifscCode: null, accountHolderName: null, bankName: null };
  }
  const accountNumber = maskAccountNumber(r.bank_account_last4 ?? '');
  return {
    ...base,
    label: `${r.bank_name || r.ifsc_code || 'Bank'} ${accountNumber}`,
    upiId: null,
    accountNumber,
    ifscCode: r.ifsc_code,
    accountHolderName: r.account_holder_name,
    bankName: r.bank_name,
  };
}

/** A saved method's full details (what a payout needs), as stored. */
export interface SavedPayoutDetails {
  method: 'UPI' | 'BANK_TRANSFER';
  upi_id: string | null;
  bank_account_number: string | null;
  ifsc_code: string | null;
  account_holder_name: string | null;
  bank_name: string | null;
}

export const savedMethodNotFound = WalletErrors.savedPayoutMethodInvalid;

/**
 * The saved method a withdrawal request names (null: none, the request comes back as it was). A malformed id is "not
 * found"; a saved method and typed details together are refused.
 */
export function savedMethodOf(input: WithdrawalRequest): { payoutMethodId: string | null; rest: WithdrawalInput } {
  const { payoutMethodId, ...rest } = input;
  if (payoutMethodId === undefined || payoutMethodId === null) return { payoutMethodId: null, rest };
  if (typeof payoutMethodId !== 'string' || !isUuid(payoutMethodId)) throw savedMethodNotFound();
  if (rest.upiId != null || rest.bankDetails != null) {
    throw WalletErrors.invalidWithdrawal('Send either a saved payout method or new payout details, not both');
  }
  return { payoutMethodId, rest };
}

/** The request with a saved method's details filled in, so the withdrawal rules check it like typed details. */
export function withSavedDetails(rest: WithdrawalInput, row: SavedPayoutDetails): WithdrawalInput {
  return row.method === 'UPI'
    ? { ...rest, withdrawalMethod: 'UPI', upiId: row.upi_id }
    : {
        ...rest,
        withdrawalMethod: 'BANK_TRANSFER',
        bankDetails: { accountNumber: row.bank_account_number, ifscCode: row.ifsc_code, accountHolderName: row.account_holder_name, bankName: row.bank_name },
      };
}
