import { Query } from '@nestjs/cqrs';

export interface ManualPayout {
  withdrawalId: string;
  userId: string;
  userEmail: string | null;
  beneficiaryName: string;
  method: 'UPI' | 'BANK_TRANSFER';
  upiId: string | null;
  accountNumber: string | null;
  ifscCode: string | null;
  bankName: string | null;
  /** Rupees: what the user asked for, the fee kept, and what the bank must send. */
  amount: number;
  fee: number;
  netAmount: number;
  requestedAt: string;
}

/** PAYOUTS_PROVIDER=manual: the withdrawals waiting for staff to pay them from the bank, oldest first. */
export class ListManualPayoutsQuery extends Query<ManualPayout[]> {}

/** The same list as a bank bulk-payment CSV. */
export class ExportManualPayoutsCsvQuery extends Query<{ csv: string; count: number; totalNet: string }> {}
