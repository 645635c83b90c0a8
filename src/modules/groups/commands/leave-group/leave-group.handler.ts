import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { GroupsService } from '../../application/groups.service.js';
import { GroupErrors } from '../../groups.errors.js';
import { GroupsRepository } from '../../infrastructure/groups.repository.js';
import { LeaveGroupCommand } from './leave-group.command.js';

@CommandHandler(LeaveGroupCommand)
export class LeaveGroupHandler implements ICommandHandler<LeaveGroupCommand, { groupDeleted: boolean }> {
  constructor(
    @Inject(GroupsService) private readonly shared: GroupsService,
    @Inject(GroupsRepository) private readonly groups: GroupsRepository,
  ) {}

  async execute({ userId, groupId }: LeaveGroupCommand): Promise<{ groupDeleted: boolean }> {
    const g = await this.shared.memberGroup(userId, groupId);
    return this.groups.transaction(async (m) => {
      const locked = await this.groups.groupById(g.id, m, true);
      if (!locked) throw GroupErrors.notFound();
      return this.shared.leaveLocked(m, locked, userId);
    });
  }
}
