import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { GroupsService } from '../../application/groups.service.js';
import { GroupsLeft, LeaveAllGroupsCommand } from './leave-all-groups.command.js';

@CommandHandler(LeaveAllGroupsCommand)
export class LeaveAllGroupsHandler implements ICommandHandler<LeaveAllGroupsCommand, GroupsLeft> {
  constructor(@Inject(GroupsService) private readonly groups: GroupsService) {}

  execute({ userId, manager }: LeaveAllGroupsCommand): Promise<GroupsLeft> {
    return this.groups.leaveAll(manager, userId);
  }
}
