import { z } from '@/lib/forms/schema';
import type { BankDetails } from '../api/wallet-api';
import { withdrawMessages } from '../components/withdraw-rules';

// The withdraw details form's schemas (react-hook-form's zod resolver checks each field as it is typed). The same
// patterns as the server's withdrawal rules (src/modules/wallet/domain/withdrawal-rules.ts); SPEC.md's messages kept.

export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const ACCOUNT_NUMBER_PATTERN = /^\d{9,18}$/;
export const UPI_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{1,255}@[A-Za-z][A-Za-z0-9]{1,63}$/;

export const detailMessages = {
  upi: withdrawMessages.upi,
  bank: withdrawMessages.bank,
  holderRequired: 'Enter the account holder name',
  holderLong: 'At most 100 characters',
  accountRequired: 'Enter the account number',
  accountFormat: 'Account number must be 9 to 18 digits',
  confirmRequired: 'Enter the account number again',
  mismatch: 'Account numbers do not match',
  ifscRequired: 'Enter the IFSC code',
  ifscFormat: 'Please enter a valid IFSC code (4 letters, 0, then 6 letters or digits)',
  bankRequired: 'Enter the bank name',
  bankLong: 'At most 100 characters',
} as const;

/** Spaces people type inside account numbers ("5010 0445 5667") are dropped, as the server drops them. */
export const digitsOnly = (s: string) => s.replace(/\s+/g, '');

export const upiFormSchema = z.object({
  upiId: z.string().check(z.trim(), z.regex(UPI_PATTERN, detailMessages.upi)),
});

export const bankFormSchema = z
  .object({
    accountHolderName: z.string().check(z.trim(), z.minLength(1, detailMessages.holderRequired), z.maxLength(100, detailMessages.holderLong)),
    accountNumber: z
      .string()
      .check(z.overwrite(digitsOnly), z.minLength(1, detailMessages.accountRequired), z.regex(ACCOUNT_NUMBER_PATTERN, detailMessages.accountFormat)),
    confirmAccountNumber: z.string().check(z.overwrite(digitsOnly), z.minLength(1, detailMessages.confirmRequired)),
    ifscCode: z.string().check(z.trim(), z.toUpperCase(), z.minLength(1, detailMessages.ifscRequired), z.regex(IFSC_PATTERN, detailMessages.ifscFormat)),
    bankName: z.string().check(z.trim(), z.minLength(1, detailMessages.bankRequired), z.maxLength(100, detailMessages.bankLong)),
  })
  .check(
    z.refine((v) => !v.confirmAccountNumber || v.accountNumber === v.confirmAccountNumber, {
      path: ['confirmAccountNumber'],
      message: detailMessages.mismatch,
    }),
  );

export type UpiForm = z.input<typeof upiFormSchema>;
export type BankForm = z.input<typeof bankFormSchema>;

/** The cleaned bank form is the API's BankDetails (BankDetailsDto in the generated types) plus the re-entered number. */
export type BankFormOutput = z.output<typeof bankFormSchema>;
export const toBankDetails = ({ confirmAccountNumber: _again, ...details }: BankFormOutput): BankDetails => details;

/** True when a field the bank form needs is blank: SPEC.md's 'Please fill in all bank details' case. */
export function bankFieldBlank(values: BankForm): boolean {
  return [values.accountHolderName, values.accountNumber, values.confirmAccountNumber, values.ifscCode, values.bankName].some((v) => !v.trim());
}
