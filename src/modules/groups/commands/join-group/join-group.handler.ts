import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '../../../../common/clock.js';
import { GROUP_LIMITS } from '../../domain/group-rules.js';
import { INVITE_TOKEN } from '../../domain/invite-token.js';
import { GroupErrors } from '../../groups.errors.js';
import { GroupsRepository } from '../../infrastructure/groups.repository.js';
import { GroupJoined, JoinGroupCommand } from './join-group.command.js';

/** The user's lock and the group's row lock keep both limits (groups a person, members a group) under concurrency. */
@CommandHandler(JoinGroupCommand)
export class JoinGroupHandler implements ICommandHandler<JoinGroupCommand, GroupJoined> {
  constructor(
    @Inject(GroupsRepository) private readonly groups: GroupsRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  private static token(raw: unknown): string {
    if (raw === undefined || raw === null || raw === '') throw GroupErrors.invalid('token is required');
    if (typeof raw !== 'string') throw GroupErrors.invalid('token must be the invite code from the link');
    const token = raw.trim();
    if (!INVITE_TOKEN.test(token)) throw GroupErrors.invalid('token must be the invite code from the link');
    return token;
  }

  async execute({ userId, token: rawToken }: JoinGroupCommand): Promise<GroupJoined> {
    const token = JoinGroupHandler.token(rawToken);
    return this.groups.transaction(async (m) => {
      await this.groups.lockUser(m, userId);
      const g = await this.groups.groupByToken(m, token, true);
      if (!g) throw GroupErrors.inviteNotFound();
      if (await this.groups.isMember(g.id, userId, m)) return { group: g, alreadyMember: true };
      if ((await this.groups.groupsCountOf(m, userId)) >= GROUP_LIMITS.groupsPerUser) throw GroupErrors.tooManyGroups();
      if ((await this.groups.members(g.id, m)).length >= GROUP_LIMITS.membersPerGroup) throw GroupErrors.groupFull();
      await this.groups.addMember(m, g.id, userId, this.clock.now());
      return { group: g, alreadyMember: false };
    });
  }
}
