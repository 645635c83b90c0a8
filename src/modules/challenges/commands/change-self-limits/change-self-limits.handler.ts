import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SelfLimitsService, SelfLimitsView } from '../../self-limits.service.js';
import { ChangeSelfLimitsCommand } from './change-self-limits.command.js';

@CommandHandler(ChangeSelfLimitsCommand)
export class ChangeSelfLimitsHandler implements ICommandHandler<ChangeSelfLimitsCommand, SelfLimitsView> {
  constructor(@Inject(SelfLimitsService) private readonly limits: SelfLimitsService) {}

  execute({ userId, change }: ChangeSelfLimitsCommand): Promise<SelfLimitsView> {
    if (change.kind === 'cap') return this.limits.setCap(userId, change.monthlyStakeCap);
    if (change.kind === 'pause') return this.limits.pause(userId, change.days);
    return this.limits.endPause(userId);
  }
}
