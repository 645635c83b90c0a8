import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AppConfig } from '../../../../config/app-config.js';
import { inviteView, type InviteView } from '../../domain/views.js';
import { newInviteToken } from '../../domain/invite-token.js';
import { GroupErrors } from '../../groups.errors.js';
import { GroupsRepository } from '../../infrastructure/groups.repository.js';
import { RotateInviteCommand } from './rotate-invite.command.js';

@CommandHandler(RotateInviteCommand)
export class RotateInviteHandler implements ICommandHandler<RotateInviteCommand, InviteView> {
  constructor(
    @Inject(GroupsRepository) private readonly groups: GroupsRepository,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async execute({ userId, groupId }: RotateInviteCommand): Promise<InviteView> {
    const g = await this.groups.memberGroup(userId, groupId);
    if (g.ownerId !== userId) throw GroupErrors.ownerOnly('make a new invite link');
    const token = newInviteToken();
    await this.groups.transaction((m) => this.groups.setToken(m, g.id, token));
    return inviteView(this.config.appUrl, { inviteToken: token });
  }
}
