import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { GROUP_LIMITS } from '../../domain/group-rules.js';
import { INVITE_TOKEN } from '../../domain/invite-token.js';
import { GroupErrors } from '../../groups.errors.js';
import { GroupsRepository } from '../../infrastructure/groups.repository.js';
import { GetInvitePreviewQuery, InvitePreview } from './get-invite-preview.query.js';

@QueryHandler(GetInvitePreviewQuery)
export class GetInvitePreviewHandler implements IQueryHandler<GetInvitePreviewQuery, InvitePreview> {
  constructor(@Inject(GroupsRepository) private readonly groups: GroupsRepository) {}

  async execute({ userId, token: rawToken }: GetInvitePreviewQuery): Promise<InvitePreview> {
    // a link that is no invite leads nowhere: 404, as for an invite since replaced
    const token = rawToken.trim();
    if (!INVITE_TOKEN.test(token)) throw GroupErrors.inviteNotFound();
    const g = await this.groups.groupByToken(this.groups.ds.manager, token);
    if (!g) throw GroupErrors.inviteNotFound();
    const members = await this.groups.members(g.id);
    return {
      groupId: g.id,
      name: g.name,
      memberCount: members.length,
      isMember: members.some((x) => x.userId === userId),
      full: members.length >= GROUP_LIMITS.membersPerGroup,
    };
  }
}
