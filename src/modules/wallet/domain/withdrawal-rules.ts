import { parseRupees } from '../../../common/money.js';
import { checkAmount, WITHDRAWAL_RULE } from './amounts.js';

/** SPEC section 5's withdrawal rules, pure: the errors a person reads, the fee and the net, in paise. */
export type WithdrawalMethod = 'UPI' | 'BANK_TRANSFER';

export const FEES: Record<WithdrawalMethod, bigint> = { UPI: 200n, BANK_TRANSFER: 500n };
/** A whole-balance withdrawal below this (the partial minimum, paise) carries no fee. */
export const FEE_FREE_BELOW: bigint = WITHDRAWAL_RULE.min;
export const UPI_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{1,255}@[A-Za-z][A-Za-z0-9]{1,63}$/;
export const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const ACCOUNT_NUMBER = /^\d{9,18}$/;

export interface WithdrawalInput {
  amount?: unknown;
  withdrawalMethod?: unknown;
  upiId?: unknown;
  bankDetails?: { accountNumber?: unknown; ifscCode?: unknown; accountHolderName?: unknown; bankName?: unknown } | null;
}

/** A withdrawal request that may name a saved payout method instead of typing the details again. */
export type WithdrawalRequest = WithdrawalInput & { payoutMethodId?: unknown };

export interface CheckedWithdrawal {
  errors: string[];
  amount: bigint | null;
  method: WithdrawalMethod | null;
  fee: bigint;
  net: bigint;
  upiId: string | null;
  bank: { accountNumber: string; ifscCode: string; accountHolderName: string; bankName: string } | null;
  /** the amount is the whole balance (any amount, no fee below ₹100) */
  wholeBalance: boolean;
}

export function normalizeMethod(value: unknown): WithdrawalMethod | null {
  if (typeof value !== 'string') return null;
  const v = value.trim().toUpperCase();
  if (v === 'UPI') return 'UPI';
  if (v === 'BANK_TRANSFER' || v === 'BANK') return 'BANK_TRANSFER';
  return null;
}

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** True when the request carries payout details at all (a field that is present is checked, even blank). */
export function hasPayoutDetails(input: WithdrawalInput): boolean {
  return (input.upiId !== undefined && input.upiId !== null) || (input.bankDetails !== undefined && input.bankDetails !== null);
}

/**
 * `detailsRequired` false (POST /withdraw/validate): the wizard checks the amount before the payout details are typed,
 * so missing details are no error there; details that are sent are checked all the same.
 */
export function checkWithdrawal(input: WithdrawalInput, balance: bigint, emailVerified: boolean, detailsRequired = true): CheckedWithdrawal {
  const errors: string[] = [];
  const whole = isWholeBalance(input.amount, balance);
  const a = whole ? { paise: balance } : checkAmount(input.amount, WITHDRAWAL_RULE);
  const amount = 'paise' in a ? a.paise : null;
  if ('error' in a) errors.push(a.error);
  else if (a.paise > balance) errors.push('Insufficient balance');

  const method = normalizeMethod(input.withdrawalMethod);
  let upiId: string | null = null;
  let bank: CheckedWithdrawal['bank'] = null;
  if (!method) errors.push('withdrawalMethod must be UPI, BANK_TRANSFER or BANK');
  else if (!detailsRequired && !hasPayoutDetails(input)) {
    // amount and method only: nothing more to check yet
  } else if (method === 'UPI') {
    upiId = text(input.upiId);
    if (!UPI_ID.test(upiId)) errors.push('Please enter a valid UPI ID');
  } else {
    const d = input.bankDetails ?? {};
    const b = {
      accountNumber: text(d.accountNumber).replace(/\s+/g, ''),
      ifscCode: text(d.ifscCode).toUpperCase(),
      accountHolderName: text(d.accountHolderName),
      bankName: text(d.bankName),
    };
    if (!b.accountNumber || !b.ifscCode || !b.accountHolderName || !b.bankName) errors.push('Please fill in all bank details');
    else {
      if (!ACCOUNT_NUMBER.test(b.accountNumber)) errors.push('Account number must be 9 to 18 digits');
      if (!IFSC.test(b.ifscCode)) errors.push('Please enter a valid IFSC code');
      if (b.accountHolderName.length > 100 || b.bankName.length > 100) errors.push('Bank details are too long');
    }
    bank = b;
  }
  if (!emailVerified) errors.push('Please verify your email before withdrawing');
  const fee = method ? withdrawalFee(method, amount ?? 0n, whole) : 0n;
  const net = amount !== null && amount > fee ? amount - fee : 0n;
  return { errors, amount, method, fee, net, upiId, bank, wholeBalance: whole };
}

/**
 * Every rupee can come home. A withdrawal of the whole balance (amount = the balance, to the paisa, > 0) skips
 * the partial rules (₹100 minimum, whole rupees, the ₹25,000 cap): any amount, paise included.
 */
export function isWholeBalance(amount: unknown, balance: bigint): boolean {
  if (balance <= 0n) return false;
  const paise = parseRupees(amount);
  return paise !== null && paise === balance;
}

/** The fee of a withdrawal: the method's (SPEC: ₹2 UPI, ₹5 bank), none for a whole balance below the ₹100 minimum. */
export function withdrawalFee(method: WithdrawalMethod, amount: bigint, wholeBalance: boolean): bigint {
  return wholeBalance && amount < FEE_FREE_BELOW ? 0n : FEES[method];
}

/** ••••1234 for an account number; ab•••@okaxis for a UPI id. */
export const maskAccount = (n: string): string => `XXXX${n.slice(-4)}`;
export function maskUpi(upi: string): string {
  const [name, handle] = upi.split('@');
  return `${name.slice(0, 2)}${'*'.repeat(Math.max(3, name.length - 2))}@${handle ?? ''}`;
}
