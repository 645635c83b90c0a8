import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '../../../../../common/clock.js';
import { WakeAccountRepository } from '../../infrastructure/wake-account.repository.js';
import { SetStillAwakeCommand } from './set-still-awake.command.js';

@CommandHandler(SetStillAwakeCommand)
export class SetStillAwakeHandler implements ICommandHandler<SetStillAwakeCommand, { enabled: boolean }> {
  constructor(
    @Inject(WakeAccountRepository) private readonly accounts: WakeAccountRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ userId, enabled }: SetStillAwakeCommand): Promise<{ enabled: boolean }> {
    await this.accounts.setStillAwake(userId, enabled, this.clock.now());
    return { enabled };
  }
}
