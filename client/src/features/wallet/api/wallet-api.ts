import { api, getBlob, unwrap } from '@/lib/api-client';
import { filenameFrom, type DownloadedFile } from '@/lib/save-file';
import type { ApiAnswer, ApiData, Schemas } from '@/types/api';

// The wallet endpoints (ARCHITECTURE.md "Response shapes"; src/modules/wallet/wallet.controller.ts).

// Shapes from the server's OpenAPI document (src/types/api.ts).
export type DepositOrder = ApiData<'/wallet/deposit', 'post'>;
export type CheckoutAnswer = ApiAnswer<'/wallet/sandbox/checkout', 'post'>;
export type VerifyPaymentResult = Schemas['PaymentVerification'];
export type Transaction = Schemas['Transaction'];
export type TransactionType = Transaction['type'];
/** The list, with its paging when the server sent it under `data`. */
export type TransactionPage = Partial<ApiData<'/wallet/transactions', 'get'>> & { transactions: Transaction[] };
export type WithdrawalInput = Schemas['WithdrawDto'];
export type WithdrawalMethod = NonNullable<WithdrawalInput['withdrawalMethod']>;
/** The form fills every field (the server's rules name what is missing). */
export type BankDetails = Required<Schemas['BankDetailsDto']>;
export type WithdrawalValidation = ApiAnswer<'/wallet/withdraw/validate', 'post'>['data'];
export type WithdrawalResult = Schemas['WithdrawalResult'];
export type SavedPaymentMethod = Schemas['PaymentMethod'];

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

/** Filters of the list: a type, and IST dates (YYYY-MM-DD) from and to, both included. */
export interface TransactionFilters {
  type?: string;
  startDate?: string;
  endDate?: string;
}

export async function getTransactions(query: TransactionFilters & { page?: number; size?: number } = {}): Promise<TransactionPage> {
  const body = await api.get<unknown>('/wallet/transactions', { query: { page: 0, size: 20, ...query } });
  const data = unwrap<TransactionPage | Transaction[]>(body);
  // The list sits under data, or at the top level (SPEC.md section 7).
  if (Array.isArray(data)) return { transactions: data };
  return { ...data, transactions: data?.transactions ?? [] };
}

/** GET /wallet/statement.csv: the statement of IST dates startDate..endDate, fetched with the token (a link cannot carry it). */
export async function downloadStatement(range: { startDate: string; endDate: string }): Promise<DownloadedFile> {
  const { blob, headers } = await getBlob('/wallet/statement.csv', { query: range, headers: { Accept: 'text/csv' } });
  return { blob, filename: filenameFrom(headers.get('content-disposition'), `wakestake-statement-${range.startDate}-to-${range.endDate}.csv`) };
}

/** The server's answer whether valid or not: `{ success, data: { valid, errors }, message }`. */
export async function validateWithdrawal(input: Partial<WithdrawalInput>): Promise<{ data: WithdrawalValidation; message?: string }> {
  const body = await api.post<{ data?: WithdrawalValidation; message?: string }>('/wallet/withdraw/validate', input);
  return { data: body?.data ?? { valid: false, errors: [] }, message: body?.message };
}

export async function requestWithdrawal(input: WithdrawalInput): Promise<WithdrawalResult> {
  return unwrap<WithdrawalResult>(await api.post('/wallet/withdraw', input));
}

export async function getPaymentMethods(): Promise<SavedPaymentMethod[]> {
  const data = unwrap<{ paymentMethods?: SavedPaymentMethod[] } | SavedPaymentMethod[]>(await api.get('/wallet/payment-methods'));
  return Array.isArray(data) ? data : (data?.paymentMethods ?? []);
}
