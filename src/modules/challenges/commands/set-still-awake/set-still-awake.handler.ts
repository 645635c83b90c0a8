import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '../../../../common/clock.js';
import { WakeRepository } from '../../infrastructure/wake.repository.js';
import { SetStillAwakeCommand } from './set-still-awake.command.js';

@CommandHandler(SetStillAwakeCommand)
export class SetStillAwakeHandler implements ICommandHandler<SetStillAwakeCommand, { enabled: boolean }> {
  constructor(
    @Inject(WakeRepository) private readonly wake: WakeRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ userId, enabled }: SetStillAwakeCommand): Promise<{ enabled: boolean }> {
    await this.wake.setStillAwake(userId, enabled, this.clock.now());
    return { enabled };
  }
}
