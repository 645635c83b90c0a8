import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '../../../../common/clock.js';
import { GROUP_LIMITS, parseGroupName } from '../../domain/group-rules.js';
import { newInviteToken } from '../../domain/invite-token.js';
import { GroupErrors } from '../../groups.errors.js';
import { GroupRow, GroupsRepository } from '../../infrastructure/groups.repository.js';
import { CreateGroupCommand } from './create-group.command.js';

/** The per-user limit is checked under the user's lock, so concurrent creations cannot pass it together. */
@CommandHandler(CreateGroupCommand)
export class CreateGroupHandler implements ICommandHandler<CreateGroupCommand, GroupRow> {
  constructor(
    @Inject(GroupsRepository) private readonly groups: GroupsRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ userId, name: rawName }: CreateGroupCommand): Promise<GroupRow> {
    const parsed = parseGroupName(rawName);
    if ('problem' in parsed) throw GroupErrors.invalid(parsed.problem);
    return this.groups.transaction(async (m) => {
      await this.groups.lockUser(m, userId);
      if ((await this.groups.groupsCountOf(m, userId)) >= GROUP_LIMITS.groupsPerUser) throw GroupErrors.tooManyGroups();
      const now = this.clock.now();
      const g: GroupRow = { id: randomUUID(), name: parsed.name, ownerId: userId, inviteToken: newInviteToken(), createdAt: now };
      await this.groups.insertGroup(m, g);
      await this.groups.addMember(m, g.id, userId, now);
      return g;
    });
  }
}
