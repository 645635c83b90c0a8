import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { GetBalanceQuery } from '../../../wallet/queries/get-balance/get-balance.query.js';
import { GetChallengeStatsQuery } from '../../../challenges/record/queries/get-challenge-stats/get-challenge-stats.query.js';
import { ListUserChallengesQuery } from '../../../challenges/day/queries/list-user-challenges/list-user-challenges.query.js';
import { GetRefereeVerdictsQuery } from '../../../groups/queries/get-referee-verdicts/get-referee-verdicts.query.js';
import { GetUsersQuery } from '../../../identity/queries/get-users/get-users.query.js';
import { AccessLogRepository } from '../../infrastructure/access-log.repository.js';
import { UserPage, userPageView } from '../../domain/views.js';
import { GetUserPageQuery } from './get-user-page.query.js';
import { SupportErrors } from '../../support.errors.js';
import { GetUserQuery } from '../../../identity/queries/get-user/get-user.query.js';

@QueryHandler(GetUserPageQuery)
export class GetUserPageHandler implements IQueryHandler<GetUserPageQuery, UserPage> {
  constructor(
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(AccessLogRepository) private readonly access: AccessLogRepository,
  ) {}

  async execute({ actor, userId: id }: GetUserPageQuery): Promise<UserPage> {
    const user = await this.queryBus.execute(new GetUserQuery(id));
    if (!user) throw SupportErrors.userNotFound();
    const [balance, stats, challenges] = await Promise.all([
      this.queryBus.execute(new GetBalanceQuery(id)),
      this.queryBus.execute(new GetChallengeStatsQuery(id)),
      this.queryBus.execute(new ListUserChallengesQuery(id)),
    ]);
    const verdicts = new Map((await this.queryBus.execute(new GetRefereeVerdictsQuery(challenges.map((c) => c.id)))).map((v) => [v.challengeId, v]));
    const referees = await this.queryBus.execute(new GetUsersQuery([...new Set([...verdicts.values()].map((v) => v.refereeId))]));
    await this.access.recordBy(actor, id, 'user.detail', `user:${id}`, { challenges: challenges.length });
    const accessLog = await this.access.forSubject(id);
    return userPageView({ user, balance: balance.balance, stats, challenges, verdicts, referees, accessLog });
  }
}
