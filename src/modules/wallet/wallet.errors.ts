import { DomainError, type ErrorKind } from '../../common/errors/domain-error.js';

/** Every code this module answers with; registered in common's ErrorCode below. */
export type WalletErrorCode =
  | 'WALLET.INSUFFICIENT_FUNDS'
  | 'WALLET.BELOW_MINIMUM_BALANCE'
  | 'LEDGER.ACCOUNT_OVERDRAWN'
  | 'LEDGER.IDEMPOTENCY_CONFLICT'
  | 'LEDGER.INVALID_ENTRY'
  | 'LEDGER.CONCURRENT_UPDATE'
  | 'LEDGER.BUSY'
  | 'LEDGER.INVALID_AMOUNT'
  | 'WALLET.NOT_FOUND'
  | 'WALLET.PAYMENT_NOT_CONFIRMED'
  | 'WALLET.PROVIDER_UNAVAILABLE'
  | 'WALLET.INVALID_QUERY'
  | 'LEDGER.INVALID_MONTH'
  | 'WALLET.INVALID_WITHDRAWAL'
  | 'WALLET.PAYOUT_METHOD_NOT_FOUND'
  | 'WALLET.SUSPENSE_EMPTY'
  | 'WALLET.NOT_MANUAL_PAYOUT'
  | 'WALLET.PAYOUT_ALREADY_MARKED'
  | 'WALLET.ADULT_REQUIRED'
  | 'WALLET.ORDER_NOT_FOUND'
  | 'WALLET.BAD_SIGNATURE'
  | 'WALLET.BAD_WEBHOOK_SIGNATURE'
  | 'WALLET.BAD_WEBHOOK'
  | 'WALLET.INVALID_AMOUNT'
  | 'WALLET.INVALID_INPUT'
  | 'WALLET.INVALID_IFSC'
  | 'WALLET.IFSC_NOT_FOUND'
  | 'WALLET.IFSC_LOOKUP_UNAVAILABLE';

declare module '../../common/errors/error-code.js' {
  interface ErrorCodes {
    wallet: WalletErrorCode;
  }
}

const error = (code: WalletErrorCode, kind: ErrorKind, message: string) => new DomainError(code, kind, message);

/** The wallet module's errors: a code, a kind (HTTP status) and a message a person can read. */
export const WalletErrors = {
  insufficientFunds: () => error('WALLET.INSUFFICIENT_FUNDS', 'INVALID', 'Insufficient balance'),
  belowFloor: (paise: bigint) => error('WALLET.BELOW_MINIMUM_BALANCE', 'INVALID', `The balance must be above ₹${paise / 100n} for this`),
  accountOverdrawn: (account: string) => error('LEDGER.ACCOUNT_OVERDRAWN', 'CONFLICT', `Account ${account} does not hold enough for this movement`),
  idempotencyConflict: (key: string) => error('LEDGER.IDEMPOTENCY_CONFLICT', 'CONFLICT', `Idempotency key ${key} was already used for a different movement`),
  invalidEntry: (why: string) => error('LEDGER.INVALID_ENTRY', 'INVALID', `Invalid ledger entry: ${why}`),
  concurrentUpdate: () => error('LEDGER.CONCURRENT_UPDATE', 'CONFLICT', 'The wallet changed while this was being processed. Please try again.'),
  busy: () => error('LEDGER.BUSY', 'UNAVAILABLE', 'The wallet is busy. Please try again shortly.'),
  invalidAmount: () => error('LEDGER.INVALID_AMOUNT', 'INVALID', 'Amount must be a positive whole number of paise'),
  notFound: (what = 'Transaction') => error('WALLET.NOT_FOUND', 'NOT_FOUND', `${what} not found`),
  paymentNotConfirmed: () => error('WALLET.PAYMENT_NOT_CONFIRMED', 'INVALID', 'Payment could not be confirmed with the payment provider'),
  providerUnavailable: () => error('WALLET.PROVIDER_UNAVAILABLE', 'UNAVAILABLE', 'Payment provider unavailable. Please try again shortly.'),
  invalidQuery: (message: string) => error('WALLET.INVALID_QUERY', 'INVALID', message),
  invalidMonth: () => error('LEDGER.INVALID_MONTH', 'INVALID', 'month must be a month in the form YYYY-MM'),
  invalidWithdrawal: (message: string) => error('WALLET.INVALID_WITHDRAWAL', 'INVALID', message),
  payoutMethodNotFound: () => error('WALLET.PAYOUT_METHOD_NOT_FOUND', 'NOT_FOUND', 'Saved payout method not found'),
  /** A saved payout method named in a withdrawal that is not there: a 400, the request is what is wrong. */
  savedPayoutMethodInvalid: () => error('WALLET.PAYOUT_METHOD_NOT_FOUND', 'INVALID', 'Saved payout method not found'),
  suspenseEmpty: () => error('WALLET.SUSPENSE_EMPTY', 'INVALID', 'This suspense account holds nothing to return'),
  notManual: () => error('WALLET.NOT_MANUAL_PAYOUT', 'INVALID', 'This withdrawal is not a manual payout awaiting staff'),
  alreadyMarked: (status: string) =>
    error('WALLET.PAYOUT_ALREADY_MARKED', 'INVALID', `This payout was already marked ${status === 'SUCCESS' ? 'paid' : 'failed'}`),
};

export const DepositErrors = {
  adultRequired: () => error('WALLET.ADULT_REQUIRED', 'INVALID', 'You must be 18 or over to add money: add your date of birth in your profile first'),
  orderNotFound: () => error('WALLET.ORDER_NOT_FOUND', 'NOT_FOUND', 'Payment order not found'),
  badSignature: () => error('WALLET.BAD_SIGNATURE', 'INVALID', 'Payment verification failed: the signature does not match'),
  notConfirmed: () => WalletErrors.paymentNotConfirmed(),
  sandboxOnly: () => error('WALLET.NOT_FOUND', 'NOT_FOUND', 'Resource not found'),
  badWebhookSignature: () => error('WALLET.BAD_WEBHOOK_SIGNATURE', 'INVALID', 'Invalid webhook signature'),
  malformedWebhook: () => error('WALLET.BAD_WEBHOOK', 'INVALID', 'Malformed webhook body'),
  webhookNotAnObject: () => error('WALLET.BAD_WEBHOOK', 'INVALID', 'Malformed webhook body: expected a JSON object'),
  invalidAmount: (message: string) => error('WALLET.INVALID_AMOUNT', 'INVALID', message),
  required: (field: 'orderId' | 'paymentId') => error('WALLET.INVALID_INPUT', 'INVALID', `${field} is required`),
};

export const IfscErrors = {
  malformed: () => error('WALLET.INVALID_IFSC', 'INVALID', 'Please enter a valid IFSC code (4 letters, 0, then 6 letters or digits)'),
  unknown: () => error('WALLET.IFSC_NOT_FOUND', 'NOT_FOUND', 'No bank branch has this IFSC'),
  unavailable: () =>
    error('WALLET.IFSC_LOOKUP_UNAVAILABLE', 'UNAVAILABLE', 'The bank branch lookup is unavailable right now: check the IFSC yourself and type the bank name'),
};
