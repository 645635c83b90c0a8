import type { EntityManager } from 'typeorm';
import type { InTransactionEvent } from '../../../common/transactional-events.js';

/** The withdrawal an event is about: amounts in paise (net = what reaches the bank). */
export interface SettledWithdrawal {
  id: string;
  userId: string;
  amount: bigint;
  netAmount: bigint;
  method: 'UPI' | 'BANK_TRANSFER';
}

/** The payout was paid; published in the transaction that posts the paid entry. */
export class WithdrawalPaid implements InTransactionEvent {
  constructor(
    readonly withdrawal: SettledWithdrawal,
    readonly manager: EntityManager,
  ) {}
}

/** The payout was refused before it was paid: the whole amount is back in the wallet (same transaction as that entry). */
export class WithdrawalFailed implements InTransactionEvent {
  constructor(
    readonly withdrawal: SettledWithdrawal,
    readonly manager: EntityManager,
  ) {}
}

/** A paid withdrawal came back from the bank: the whole amount is back in the wallet (same transaction as that entry). */
export class WithdrawalReturned implements InTransactionEvent {
  constructor(
    readonly withdrawal: SettledWithdrawal,
    readonly manager: EntityManager,
  ) {}
}
