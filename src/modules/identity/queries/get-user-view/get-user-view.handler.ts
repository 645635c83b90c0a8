import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { GetChallengeStatsQuery } from '../../../challenges/record/queries/get-challenge-stats/get-challenge-stats.query.js';
import { GetBalanceQuery } from '../../../wallet/queries/get-balance/get-balance.query.js';
import { userView, type UserView } from '../../domain/user-view.js';
import { GetUserViewQuery } from './get-user-view.query.js';

/** Balance and statistics are asked of the wallet and challenges modules every time; a module that cannot answer fails the view, never shows ₹0. */
@QueryHandler(GetUserViewQuery)
export class GetUserViewHandler implements IQueryHandler<GetUserViewQuery, UserView> {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  async execute({ user }: GetUserViewQuery): Promise<UserView> {
    const [balance, stats] = await Promise.all([
      this.queries.execute(new GetBalanceQuery(user.id)).then((r) => BigInt(r.balance)),
      this.queries.execute(new GetChallengeStatsQuery(user.id)),
    ]);
    return userView(user, balance, stats);
  }
}
