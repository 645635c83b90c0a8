import type { PayoutMethod } from '../api/payout-methods-api';
import type { BankDetails, WithdrawalInput } from '../api/wallet-api';
import { formatINR } from '@/lib/money';
import { FALLBACK_RULES, withdrawalFee, type Rules } from '@/lib/rules';

// The withdraw wizard's rules (SPEC.md section 5): limits, fees, messages and the checks each step makes.

// The numbers are the server's (GET /config's rules.withdrawal); these are the first render's stand-ins.
export const WITHDRAW_MIN = FALLBACK_RULES.withdrawal.minimum;
export const WITHDRAW_MAX = FALLBACK_RULES.withdrawal.maximum ?? 25000;
export const FEES = { UPI: FALLBACK_RULES.withdrawal.fees.UPI, BANK: FALLBACK_RULES.withdrawal.fees.BANK_TRANSFER } as const;
export type Method = keyof typeof FEES;

/** The whole balance (to the paisa): a withdrawal of it is allowed at any amount. */
export function isWholeBalance(raw: string, balance: number): boolean {
  const n = Number(raw);
  return raw.trim() !== '' && Number.isFinite(n) && n > 0 && Math.round(n * 100) === Math.round(balance * 100);
}

/** The fee of this withdrawal: none for a whole balance below the fee-free line, else the method's. */
export function feeOf(method: Method | null, raw: string, balance: number, rules: Rules = FALLBACK_RULES): number {
  if (!method) return 0;
  return withdrawalFee(method, Number(raw) || 0, isWholeBalance(raw, balance), rules);
}

export const withdrawMessages = {
  invalidAmount: 'Please enter a valid amount',
  whole: 'Amount must be a whole number of rupees',
  min: 'Minimum withdrawal amount is ₹100',
  max: 'Maximum withdrawal amount is ₹25,000',
  insufficient: 'Insufficient balance',
  validationFailed: 'Withdrawal validation failed',
  validationException: 'Validation failed. Please try again.',
  upi: 'Please enter a valid UPI ID',
  bank: 'Please fill in all bank details',
  failed: 'Withdrawal failed. Please try again.',
  success: 'Withdrawal request submitted successfully!',
} as const;

export const STEPS = ['Amount', 'Method', 'Details', 'Confirm', 'Done'] as const;
export type Step = 0 | 1 | 2 | 3 | 4;

/** SPEC.md section 5's client checks on the amount; null when it may go to the server. */
export function checkWithdrawAmount(raw: string, balance: number, rules: Rules = FALLBACK_RULES): string | null {
  const n = Number(raw);
  if (!raw.trim() || !Number.isFinite(n) || n <= 0) return withdrawMessages.invalidAmount;
  // the whole balance may always leave: paise and below the minimum included
  if (isWholeBalance(raw, balance) && rules.withdrawal.wholeBalanceAnyAmount) return null;
  const { minimum, maximum = WITHDRAW_MAX } = rules.withdrawal;
  if (!Number.isInteger(n)) return withdrawMessages.whole;
  if (n < minimum) return minimum === WITHDRAW_MIN ? withdrawMessages.min : `Minimum withdrawal amount is ${formatINR(minimum)}`;
  if (n > maximum) return maximum === WITHDRAW_MAX ? withdrawMessages.max : `Maximum withdrawal amount is ${formatINR(maximum)}`;
  if (n > balance) return withdrawMessages.insufficient;
  return null;
}

// The server validates the whole request; at the amount step only its amount and account errors matter.
const LATER_STEP_ERROR = /withdrawalMethod|UPI ID|bank details|IFSC|Account number|too long/i;

/** The server's verdict on the amount: null when valid, else the message SPEC.md section 5 names. */
export function amountVerdict(result: { data: { valid: boolean; errors?: string[] }; message?: string }): string | null {
  if (result.data.valid) return null;
  const errors = result.data.errors ?? [];
  const relevant = errors.filter((e) => !LATER_STEP_ERROR.test(e));
  if (errors.length > 0 && relevant.length === 0) return null;
  if (relevant.length) return relevant.join(', ');
  return result.message || withdrawMessages.validationFailed;
}

export const emptyBank: BankDetails = { accountHolderName: '', accountNumber: '', ifscCode: '', bankName: '' };

/** POST /wallet/withdraw's body: typed details, or a saved payout method by its id (payoutMethodId). */
export type WithdrawalRequest = WithdrawalInput & { payoutMethodId?: string };

/**
 * The request the confirmation sends: a saved method by its id, the UPI ID trimmed, or the bank details cleaned the way
 * the server stores them.
 */
export function withdrawalPayload(amount: string, method: Method, upiId: string, bank: BankDetails, saved: PayoutMethod | null = null): WithdrawalRequest {
  if (saved) return { amount: Number(amount), payoutMethodId: saved.id };
  return method === 'UPI'
    ? { amount: Number(amount), withdrawalMethod: 'UPI', upiId: upiId.trim() }
    : {
        amount: Number(amount),
        withdrawalMethod: 'BANK_TRANSFER',
        bankDetails: {
          accountNumber: bank.accountNumber.replace(/\s+/g, ''),
          ifscCode: bank.ifscCode.trim().toUpperCase(),
          accountHolderName: bank.accountHolderName.trim(),
          bankName: bank.bankName.trim(),
        },
      };
}
