import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { Clock } from '../../../../common/clock.js';
import { userWallet } from '../../domain/accounts.js';
import { GetMoneyInFlightQuery, MoneyInFlight } from './get-money-in-flight.query.js';

/**
 * How long an unconfirmed deposit order counts as money on its way: a checkout left open longer is taken as abandoned,
 * so it does not block closing forever; a payment that still arrives after the closure goes to suspense.
 */
export const DEPOSIT_IN_FLIGHT_MS = 60 * 60 * 1000;

@QueryHandler(GetMoneyInFlightQuery)
export class GetMoneyInFlightHandler implements IQueryHandler<GetMoneyInFlightQuery, MoneyInFlight> {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ userId }: GetMoneyInFlightQuery): Promise<MoneyInFlight> {
    const since = new Date(this.clock.now().getTime() - DEPOSIT_IN_FLIGHT_MS);
    const [row] = (await this.ds.query(
      `SELECT (SELECT coalesce(max(balance), 0)::text FROM account_balances WHERE account = $2) AS balance,
              (SELECT count(*)::int FROM withdrawals WHERE user_id = $1 AND status = 'PENDING') AS pending_withdrawals,
              (SELECT count(*)::int FROM deposits WHERE user_id = $1 AND status = 'PENDING' AND created_at > $3) AS pending_deposits`,
      [userId, userWallet(userId), since],
    )) as { balance: string; pending_withdrawals: number; pending_deposits: number }[];
    return { balance: BigInt(row.balance), pendingWithdrawals: row.pending_withdrawals, pendingDeposits: row.pending_deposits };
  }
}
