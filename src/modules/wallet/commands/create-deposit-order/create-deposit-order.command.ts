import { Command } from '@nestjs/cqrs';

export interface DepositOrder {
  orderId: string;
  amount: number;
  transactionId: string;
  currency: 'INR';
  keyId: string;
}

/** Creates a payment order with the provider for an adult's deposit and stores it PENDING (the amount in rupees, unchecked). */
export class CreateDepositOrderCommand extends Command<DepositOrder> {
  constructor(
    readonly userId: string,
    readonly amount: unknown,
  ) {
    super();
  }
}
