import { DomainError } from '../../common/errors/domain-error.js';

/** The wallet module's errors: a code, a kind (HTTP status) and a message a person can read. */
export const WalletErrors = {
  insufficientFunds: () => new DomainError('WALLET.INSUFFICIENT_FUNDS', 'INVALID', 'Insufficient balance'),
  belowFloor: (paise: bigint) => new DomainError('WALLET.BELOW_MINIMUM_BALANCE', 'INVALID', `The balance must be above ₹${paise / 100n} for this`),
  accountOverdrawn: (account: string) => new DomainError('LEDGER.ACCOUNT_OVERDRAWN', 'CONFLICT', `Account ${account} does not hold enough for this movement`),
  idempotencyConflict: (key: string) =>
    new DomainError('LEDGER.IDEMPOTENCY_CONFLICT', 'CONFLICT', `Idempotency key ${key} was already used for a different movement`),
  invalidEntry: (why: string) => new DomainError('LEDGER.INVALID_ENTRY', 'INVALID', `Invalid ledger entry: ${why}`),
  concurrentUpdate: () => new DomainError('LEDGER.CONCURRENT_UPDATE', 'CONFLICT', 'The wallet changed while this was being processed. Please try again.'),
  busy: () => new DomainError('LEDGER.BUSY', 'UNAVAILABLE', 'The wallet is busy. Please try again shortly.'),
  invalidAmount: () => new DomainError('LEDGER.INVALID_AMOUNT', 'INVALID', 'Amount must be a positive whole number of paise'),
  notFound: (what = 'Transaction') => new DomainError('WALLET.NOT_FOUND', 'NOT_FOUND', `${what} not found`),
  paymentNotConfirmed: () => new DomainError('WALLET.PAYMENT_NOT_CONFIRMED', 'INVALID', 'Payment could not be confirmed with the payment provider'),
  providerUnavailable: () => new DomainError('WALLET.PROVIDER_UNAVAILABLE', 'UNAVAILABLE', 'Payment provider unavailable. Please try again shortly.'),
};

export const DepositErrors = {
  adultRequired: () =>
    new DomainError('WALLET.ADULT_REQUIRED', 'INVALID', 'You must be 18 or over to add money: add your date of birth in your profile first'),
  orderNotFound: () => new DomainError('WALLET.ORDER_NOT_FOUND', 'NOT_FOUND', 'Payment order not found'),
  badSignature: () => new DomainError('WALLET.BAD_SIGNATURE', 'INVALID', 'Payment verification failed: the signature does not match'),
  notConfirmed: () => WalletErrors.paymentNotConfirmed(),
  sandboxOnly: () => new DomainError('WALLET.NOT_FOUND', 'NOT_FOUND', 'Resource not found'),
  badWebhookSignature: () => new DomainError('WALLET.BAD_WEBHOOK_SIGNATURE', 'INVALID', 'Invalid webhook signature'),
};
