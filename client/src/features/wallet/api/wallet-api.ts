import { api, unwrap } from '@/lib/api-client';

// The wallet endpoints (ARCHITECTURE.md "Response shapes"; src/modules/wallet/wallet.controller.ts).

export interface DepositOrder {
  orderId: string;
  amount: number;
  transactionId: string;
  currency?: string;
  keyId?: string;
}

export interface CheckoutAnswer {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

export interface VerifyPaymentResult {
  orderId?: string;
  paymentId?: string;
  transactionId?: string;
  amount?: number;
  status?: string;
  balance?: number;
}

export type TransactionType = 'DEPOSIT' | 'FORFEIT' | 'REFUND' | 'WINNINGS' | 'WITHDRAWAL' | 'WITHDRAWAL_REVERSAL' | string;

export interface Transaction {
  id: string;
  type: TransactionType;
  amount: number;
  netAmount?: number;
  processingFee?: number;
  debit?: boolean;
  credit?: boolean;
  status?: string;
  reference?: string | null;
  description?: string;
  timestamp?: string;
  createdAt?: string;
}

export interface TransactionPage {
  transactions: Transaction[];
  page?: number;
  size?: number;
  total?: number;
}

export type WithdrawalMethod = 'UPI' | 'BANK_TRANSFER';

export interface BankDetails {
  accountNumber: string;
  ifscCode: string;
  accountHolderName: string;
  bankName: string;
}

export interface WithdrawalInput {
  amount: number;
  withdrawalMethod?: WithdrawalMethod;
  upiId?: string;
  bankDetails?: BankDetails;
}

export interface WithdrawalValidation {
  valid: boolean;
  errors?: string[];
  fee?: number;
  netAmount?: number;
}

export interface WithdrawalResult {
  transactionId: string;
  amount: number;
  processingFee: number;
  netAmount: number;
  status: string;
  method?: string;
}

export interface SavedPaymentMethod {
  type: 'UPI' | 'BANK_TRANSFER' | string;
  upiId?: string;
  accountNumber?: string;
  ifscCode?: string | null;
  accountHolderName?: string | null;
  bankName?: string | null;
  lastUsedAt?: string;
  uses?: number;
}

export async function createDeposit(amount: number): Promise<DepositOrder> {
  return unwrap<DepositOrder>(await api.post('/wallet/deposit', { amount }));
}

export async function sandboxCheckout(orderId: string): Promise<CheckoutAnswer> {
  return unwrap<CheckoutAnswer>(await api.post('/wallet/sandbox/checkout', { orderId }));
}

/** JSON body: the server takes JSON or a form (the Fastify app parses JSON). */
export async function verifyPayment(input: { orderId: string; paymentId: string; signature?: string }): Promise<VerifyPaymentResult> {
  return unwrap<VerifyPaymentResult>(await api.post('/wallet/verify-payment', input));
}

export async function getBalance(): Promise<number> {
  const data = unwrap<{ balance: number }>(await api.get('/wallet/balance'));
  return Number(data?.balance ?? 0);
}

export async function getTransactions(query: { page?: number; size?: number; type?: string } = {}): Promise<TransactionPage> {
  const body = await api.get<unknown>('/wallet/transactions', { query: { page: 0, size: 20, ...query } });
  const data = unwrap<TransactionPage | Transaction[]>(body);
  // The list sits under data, or at the top level (SPEC.md section 7).
  if (Array.isArray(data)) return { transactions: data };
  return { ...data, transactions: data?.transactions ?? [] };
}

/** The server's answer whether valid or not: `{ success, data: { valid, errors }, message }`. */
export async function validateWithdrawal(input: Partial<WithdrawalInput>): Promise<{ data: WithdrawalValidation; message?: string }> {
  const body = await api.post<{ data?: WithdrawalValidation; message?: string }>('/wallet/withdraw/validate', input);
  return { data: body?.data ?? { valid: false }, message: body?.message };
}

export async function requestWithdrawal(input: WithdrawalInput): Promise<WithdrawalResult> {
  return unwrap<WithdrawalResult>(await api.post('/wallet/withdraw', input));
}

export async function getPaymentMethods(): Promise<SavedPaymentMethod[]> {
  const data = unwrap<{ paymentMethods?: SavedPaymentMethod[] } | SavedPaymentMethod[]>(await api.get('/wallet/payment-methods'));
  return Array.isArray(data) ? data : (data?.paymentMethods ?? []);
}
