import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { GroupsRepository } from '../../infrastructure/groups.repository.js';
import { RefereeRepository } from '../../infrastructure/referee.repository.js';
import { GroupsLeft, LeaveAllGroupsCommand } from './leave-all-groups.command.js';

/** As if the account had left each group itself; it stops being anyone's referee, and requests still waiting with or on it are withdrawn. */
@CommandHandler(LeaveAllGroupsCommand)
export class LeaveAllGroupsHandler implements ICommandHandler<LeaveAllGroupsCommand, GroupsLeft> {
  constructor(
    @Inject(GroupsRepository) private readonly groups: GroupsRepository,
    @Inject(RefereeRepository) private readonly referees: RefereeRepository,
  ) {}

  async execute({ userId, manager: m }: LeaveAllGroupsCommand): Promise<GroupsLeft> {
    await this.groups.lockUser(m, userId);
    let groupsDeleted = 0;
    const groups = await this.groups.lockGroupsOf(m, userId);
    for (const g of groups) if ((await this.groups.leaveLocked(m, g, userId)).groupDeleted) groupsDeleted++;
    const { pendingWithdrawn } = await this.referees.endAllFor(m, userId);
    return { groupsLeft: groups.length, groupsDeleted, pendingWithdrawn };
  }
}
