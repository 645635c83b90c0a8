import { Query } from '@nestjs/cqrs';

export type UsedPaymentMethod =
  | { type: 'UPI'; upiId: string; lastUsedAt: string; uses: number }
  | {
      type: 'BANK_TRANSFER';
      accountNumber: string;
      ifscCode: string | null;
      accountHolderName: string | null;
      bankName: string | null;
      lastUsedAt: string;
      uses: number;
    };

export interface PaymentMethodsPage {
  success: true;
  data: { paymentMethods: UsedPaymentMethod[]; page: number; size: number; total: number };
}

/** The payout destinations the user's withdrawals used (masked), most recently used first; not the saved payout methods. */
export class ListPaymentMethodsQuery extends Query<PaymentMethodsPage> {
  constructor(
    readonly userId: string,
    readonly q: { page?: string; size?: string } = {},
  ) {
    super();
  }
}
