import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Clock } from '../../../../common/clock.js';
import { WalletReadRepository } from '../../infrastructure/wallet-read.repository.js';
import { GetMoneyInFlightQuery, MoneyInFlight } from './get-money-in-flight.query.js';

/**
 * How long an unconfirmed deposit order counts as money on its way: a checkout left open longer is taken as abandoned,
 * so it does not block closing forever; a payment that still arrives after the closure goes to suspense.
 */
const DEPOSIT_IN_FLIGHT_MS = 60 * 60 * 1000;

@QueryHandler(GetMoneyInFlightQuery)
export class GetMoneyInFlightHandler implements IQueryHandler<GetMoneyInFlightQuery, MoneyInFlight> {
  constructor(
    @Inject(WalletReadRepository) private readonly reads: WalletReadRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ userId }: GetMoneyInFlightQuery): Promise<MoneyInFlight> {
    const since = new Date(this.clock.now().getTime() - DEPOSIT_IN_FLIGHT_MS);
    const row = await this.reads.moneyInFlight(userId, since);
    return { balance: BigInt(row.balance), pendingWithdrawals: row.pending_withdrawals, pendingDeposits: row.pending_deposits };
  }
}
