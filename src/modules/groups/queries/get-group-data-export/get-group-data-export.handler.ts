import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { GetUsersQuery } from '../../../identity/queries/get-users/get-users.query.js';
import { firstName } from '../../domain/group-rules.js';
import { GroupsRepository } from '../../infrastructure/groups.repository.js';
import { RefereeRepository, RefereeRequestRow } from '../../infrastructure/referee.repository.js';
import { GetGroupDataExportQuery, GroupDataExport, RefereeRequestExport } from './get-group-data-export.query.js';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** Every membership and every referee request, sent or answered (no page limit: it is the user's whole copy). */
@QueryHandler(GetGroupDataExportQuery)
export class GetGroupDataExportHandler implements IQueryHandler<GetGroupDataExportQuery, GroupDataExport> {
  constructor(
    @Inject(GroupsRepository) private readonly groups: GroupsRepository,
    @Inject(RefereeRepository) private readonly referees: RefereeRepository,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  async execute({ userId }: GetGroupDataExportQuery): Promise<GroupDataExport> {
    const [memberships, mine, sent, answered] = await Promise.all([
      this.groups.groupsOf(userId),
      this.referees.refereeOf(userId),
      this.referees.requestsBy(userId, null),
      this.referees.requestsTo(userId, null),
    ]);
    const rows = [...sent, ...answered];
    const people = await this.queries.execute(
      new GetUsersQuery([...new Set([...rows.flatMap((r) => [r.userId, r.refereeId]), ...(mine ? [mine.refereeId] : [])])]),
    );
    const groupNames = new Map(
      await Promise.all(
        [...new Set([...rows.map((r) => r.groupId), ...(mine ? [mine.groupId] : [])])].map(
          async (id) => [id, (await this.groups.groupById(id))?.name ?? null] as const,
        ),
      ),
    );
    const name = (id: string) => firstName(people.get(id)?.fullName);
    const view = (r: RefereeRequestRow): RefereeRequestExport => ({
      challengeId: r.challengeId,
      challengeDate: r.challengeDate,
      askedBy: name(r.userId),
      referee: name(r.refereeId),
      groupName: groupNames.get(r.groupId) ?? null,
      status: r.status,
      note: r.note,
      askedAt: iso(r.createdAt)!,
      decidedAt: iso(r.decidedAt),
    });
    return {
      memberships: memberships.map((g) => ({ groupId: g.id, groupName: g.name, role: g.ownerId === userId ? 'OWNER' : 'MEMBER', joinedAt: iso(g.joinedAt)! })),
      myReferee: mine ? { name: name(mine.refereeId), groupName: groupNames.get(mine.groupId) ?? null } : null,
      refereeRequestsSent: sent.map(view),
      refereeRequestsAnswered: answered.filter((r) => r.status !== 'PENDING').map(view),
    };
  }
}
