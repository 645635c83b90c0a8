import { Query } from '@nestjs/cqrs';

export interface MoneyInFlight {
  /** paise in the wallet */
  balance: bigint;
  /** withdrawals requested and not yet paid or refunded */
  pendingWithdrawals: number;
  /** deposit orders opened recently and not yet confirmed (a payment may still arrive) */
  pendingDeposits: number;
}

/** What a user has in the wallet or on its way in or out; identity asks it before closing an account. */
export class GetMoneyInFlightQuery extends Query<MoneyInFlight> {
  constructor(readonly userId: string) {
    super();
  }
}
