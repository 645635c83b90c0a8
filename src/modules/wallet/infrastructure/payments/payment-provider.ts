/** The payment gateway port: create an order, look a payment up. Signatures are checked by domain/signatures.ts. */
export interface ProviderPayment {
  id: string;
  orderId: string;
  /** Paise. */
  amount: bigint;
  /** Razorpay's payment status: created, authorized, captured, refunded, failed. */
  status: string;
}

export abstract class PaymentProvider {
  abstract readonly name: 'sandbox' | 'razorpay';
  abstract createOrder(input: { amount: bigint; receipt: string; notes: Record<string, string> }): Promise<{ orderId: string }>;
  /** null when the provider does not know the payment. */
  abstract fetchPayment(paymentId: string): Promise<ProviderPayment | null>;
}

export const PROVIDER_ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
