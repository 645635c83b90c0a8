import { Command } from '@nestjs/cqrs';

/** The browser's confirmation, under our names or Razorpay checkout's own. */
export interface DepositConfirmation {
  orderId?: string;
  paymentId?: string;
  signature?: string;
  razorpay_order_id?: string;
  razorpay_payment_id?: string;
  razorpay_signature?: string;
}

export interface VerifiedDeposit {
  success: true;
  message: string;
  data: { orderId: string; paymentId: string | null; transactionId: string; amount: number; status: string; balance: number };
}

/** Confirms the user's deposit after checkout (by its signature, else by asking the provider) and credits it once. */
export class VerifyDepositCommand extends Command<VerifiedDeposit> {
  constructor(
    readonly userId: string,
    readonly input: DepositConfirmation,
  ) {
    super();
  }
}
