import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { GroupErrors } from '../../groups.errors.js';
import { GroupsRepository } from '../../infrastructure/groups.repository.js';
import { LeaveGroupCommand } from './leave-group.command.js';

@CommandHandler(LeaveGroupCommand)
export class LeaveGroupHandler implements ICommandHandler<LeaveGroupCommand, { groupDeleted: boolean }> {
  constructor(@Inject(GroupsRepository) private readonly groups: GroupsRepository) {}

  async execute({ userId, groupId }: LeaveGroupCommand): Promise<{ groupDeleted: boolean }> {
    const g = await this.groups.memberGroup(userId, groupId);
    return this.groups.transaction(async (m) => {
      const locked = await this.groups.groupById(g.id, m, true);
      if (!locked) throw GroupErrors.notFound();
      return this.groups.leaveLocked(m, locked, userId);
    });
  }
}
