import { Query } from '@nestjs/cqrs';

export interface MyGroups {
  groups: { id: string; name: string; isOwner: boolean; memberCount: number; joinedAt: string }[];
  limits: { groupsPerUser: number; membersPerGroup: number };
}

/** The groups the user is in, with the limits the client shows. */
export class ListMyGroupsQuery extends Query<MyGroups> {
  constructor(readonly userId: string) {
    super();
  }
}
