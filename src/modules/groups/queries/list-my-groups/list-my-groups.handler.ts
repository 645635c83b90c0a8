import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { GROUP_LIMITS } from '../../domain/group-rules.js';
import { GroupsRepository } from '../../infrastructure/groups.repository.js';
import { ListMyGroupsQuery, MyGroups } from './list-my-groups.query.js';

@QueryHandler(ListMyGroupsQuery)
export class ListMyGroupsHandler implements IQueryHandler<ListMyGroupsQuery, MyGroups> {
  constructor(@Inject(GroupsRepository) private readonly groups: GroupsRepository) {}

  async execute({ userId }: ListMyGroupsQuery): Promise<MyGroups> {
    const rows = await this.groups.groupsOf(userId);
    return {
      groups: rows.map((g) => ({ id: g.id, name: g.name, isOwner: g.ownerId === userId, memberCount: g.memberCount, joinedAt: g.joinedAt.toISOString() })),
      limits: { groupsPerUser: GROUP_LIMITS.groupsPerUser, membersPerGroup: GROUP_LIMITS.membersPerGroup },
    };
  }
}
