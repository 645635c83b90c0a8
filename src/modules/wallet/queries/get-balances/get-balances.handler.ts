import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { WalletReadRepository } from '../../infrastructure/wallet-read.repository.js';
import { GetBalancesQuery } from './get-balances.query.js';

/** The wallet balances of several users from the projection; GetBalanceQuery is its one-user case. */
@QueryHandler(GetBalancesQuery)
export class GetBalancesHandler implements IQueryHandler<GetBalancesQuery, Map<string, bigint>> {
  constructor(@Inject(WalletReadRepository) private readonly reads: WalletReadRepository) {}

  execute({ userIds }: GetBalancesQuery): Promise<Map<string, bigint>> {
    return this.reads.balances(userIds);
  }
}
