import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { GetUsersQuery } from '../../../identity/queries/get-users/get-users.query.js';
import { firstName } from '../../domain/group-rules.js';
import { refereeRequestViews, requestPeople } from '../../domain/views.js';
import { GroupsRepository } from '../../infrastructure/groups.repository.js';
import { RefereeRepository } from '../../infrastructure/referee.repository.js';
import { GetRefereeOverviewQuery, RefereeOverview } from './get-referee-overview.query.js';

@QueryHandler(GetRefereeOverviewQuery)
export class GetRefereeOverviewHandler implements IQueryHandler<GetRefereeOverviewQuery, RefereeOverview> {
  constructor(
    @Inject(GroupsRepository) private readonly groups: GroupsRepository,
    @Inject(RefereeRepository) private readonly referees: RefereeRepository,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  async execute({ userId }: GetRefereeOverviewQuery): Promise<RefereeOverview> {
    const [mine, asked, toReview] = await Promise.all([this.referees.refereeOf(userId), this.referees.requestsBy(userId), this.referees.requestsTo(userId)]);
    const users = mine ? await this.queries.execute(new GetUsersQuery([mine.refereeId])) : new Map();
    const g = mine ? await this.groups.groupById(mine.groupId) : null;
    return {
      referee: mine && g ? { userId: mine.refereeId, name: firstName(users.get(mine.refereeId)?.fullName), groupId: g.id, groupName: g.name } : null,
      asked: refereeRequestViews(asked, await this.queries.execute(new GetUsersQuery(requestPeople(asked)))),
      toReview: refereeRequestViews(toReview, await this.queries.execute(new GetUsersQuery(requestPeople(toReview)))),
    };
  }
}
