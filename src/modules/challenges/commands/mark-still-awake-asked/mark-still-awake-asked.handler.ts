import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '../../../../common/clock.js';
import { WakeRepository } from '../../infrastructure/wake.repository.js';
import { MarkStillAwakeAskedCommand } from './mark-still-awake-asked.command.js';

@CommandHandler(MarkStillAwakeAskedCommand)
export class MarkStillAwakeAskedHandler implements ICommandHandler<MarkStillAwakeAskedCommand, { asked: boolean }> {
  constructor(
    @Inject(WakeRepository) private readonly wake: WakeRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ challengeId }: MarkStillAwakeAskedCommand): Promise<{ asked: boolean }> {
    return { asked: await this.wake.markAsked(challengeId, this.clock.now()) };
  }
}
