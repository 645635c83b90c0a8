import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { isUuid } from '../../../../common/uuid.js';
import { GroupErrors } from '../../groups.errors.js';
import { GroupsRepository } from '../../infrastructure/groups.repository.js';
import { RefereeRepository } from '../../infrastructure/referee.repository.js';
import { RemoveMemberCommand } from './remove-member.command.js';

@CommandHandler(RemoveMemberCommand)
export class RemoveMemberHandler implements ICommandHandler<RemoveMemberCommand, void> {
  constructor(
    @Inject(GroupsRepository) private readonly groups: GroupsRepository,
    @Inject(RefereeRepository) private readonly referees: RefereeRepository,
  ) {}

  async execute({ ownerId, groupId, memberId }: RemoveMemberCommand): Promise<void> {
    const g = await this.groups.memberGroup(ownerId, groupId);
    if (g.ownerId !== ownerId) throw GroupErrors.ownerOnly('remove members');
    if (memberId === ownerId) throw GroupErrors.removeSelf();
    if (!isUuid(memberId)) throw GroupErrors.memberNotFound();
    await this.groups.transaction(async (m) => {
      await this.groups.groupById(g.id, m, true);
      if (!(await this.groups.removeMember(m, g.id, memberId))) throw GroupErrors.memberNotFound();
      await this.referees.clearForMember(m, g.id, memberId);
    });
  }
}
