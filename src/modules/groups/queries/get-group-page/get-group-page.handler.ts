import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { AppConfig } from '../../../../config/app-config.js';
import { Clock } from '../../../../common/clock.js';
import { zonedParts } from '../../../../common/time.js';
import { GetUsersQuery } from '../../../identity/queries/get-users/get-users.query.js';
import { GetLeaderboardVisibilityQuery } from '../../../identity/queries/get-leaderboard-visibility/get-leaderboard-visibility.query.js';
import { GetGroupMorningsQuery } from '../../../challenges/day/queries/get-group-mornings/get-group-mornings.query.js';
import { firstName, GROUP_LIMITS, rankBoard, weekOf } from '../../domain/group-rules.js';
import { GroupsRepository } from '../../infrastructure/groups.repository.js';
import { RefereeRepository, RefereeRequestRow } from '../../infrastructure/referee.repository.js';
import { DayOutcome, GetGroupPageQuery, GroupPage } from './get-group-page.query.js';
import { inviteView } from '../../domain/views.js';

@QueryHandler(GetGroupPageQuery)
export class GetGroupPageHandler implements IQueryHandler<GetGroupPageQuery, GroupPage> {
  constructor(
    @Inject(GroupsRepository) private readonly groups: GroupsRepository,
    @Inject(GroupsRepository) private readonly repo: GroupsRepository,
    @Inject(RefereeRepository) private readonly referees: RefereeRepository,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async execute({ userId, groupId }: GetGroupPageQuery): Promise<GroupPage> {
    const g = await this.groups.memberGroup(userId, groupId);
    const today = zonedParts(this.clock.now(), this.config.appTimezone).date;
    const week = weekOf(today);
    const memberRows = await this.repo.members(g.id);
    const ids = memberRows.map((x) => x.userId);
    const [users, visible, mornings, myReferee] = await Promise.all([
      this.queries.execute(new GetUsersQuery(ids)),
      this.queries.execute(new GetLeaderboardVisibilityQuery(ids)),
      this.queries.execute(new GetGroupMorningsQuery(ids, week.from, week.to)),
      this.referees.refereeOf(userId),
    ]);
    const open = memberRows.filter((x) => users.get(x.userId) && !users.get(x.userId)!.deleted);
    const name = (id: string) => firstName(users.get(id)?.fullName);
    const verdicts = new Map<string, RefereeRequestRow>(
      (await this.referees.requestsForChallenges(mornings.mornings.flatMap((mo) => (mo.challengeId ? [mo.challengeId] : [])))).map((r) => [r.challengeId, r]),
    );
    const byUser = new Map<string, Map<string, (typeof mornings.mornings)[number]>>();
    for (const mo of mornings.mornings) {
      if (!byUser.has(mo.userId)) byUser.set(mo.userId, new Map());
      byUser.get(mo.userId)!.set(mo.date, mo);
    }
    const members = open.map((x) => {
      const days = week.days.map((date) => {
        const mo = byUser.get(x.userId)?.get(date);
        const v = mo?.challengeId ? verdicts.get(mo.challengeId) : undefined;
        const mine = x.userId === userId;
        return {
          date,
          outcome: (mo?.outcome ?? 'NONE') as DayOutcome,
          // only the member themself needs the id and the photo flag (to ask their referee)
          ...(mine && mo?.challengeId ? { challengeId: mo.challengeId, hasPhoto: mo.hasPhoto } : {}),
          referee: v ? { requestId: v.id, status: v.status, refereeName: name(v.refereeId), note: v.note } : null,
        };
      });
      return {
        userId: x.userId,
        name: name(x.userId),
        isOwner: x.userId === g.ownerId,
        isMe: x.userId === userId,
        joinedAt: x.joinedAt.toISOString(),
        madeThisWeek: days.filter((d) => d.outcome === 'MADE').length,
        days,
      };
    });
    const board = rankBoard(
      members
        .filter((x) => visible.has(x.userId))
        .map((x) => ({ userId: x.userId, name: x.name, madeThisWeek: x.madeThisWeek, streak: mornings.streaks.get(x.userId) ?? 0 })),
    );
    const referee =
      myReferee && users.get(myReferee.refereeId)
        ? { userId: myReferee.refereeId, name: name(myReferee.refereeId), groupId: myReferee.groupId, inThisGroup: myReferee.groupId === g.id }
        : null;
    return {
      id: g.id,
      name: g.name,
      isOwner: g.ownerId === userId,
      createdAt: g.createdAt.toISOString(),
      memberCount: open.length,
      limits: { membersPerGroup: GROUP_LIMITS.membersPerGroup },
      ...inviteView(this.config.appUrl, g),
      week,
      today,
      members,
      board,
      boardHidden: members.length - board.length,
      myReferee: referee,
    };
  }
}
