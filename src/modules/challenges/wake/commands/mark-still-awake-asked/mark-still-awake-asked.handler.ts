import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '../../../../../common/clock.js';
import { StillAwakeRepository } from '../../infrastructure/still-awake.repository.js';
import { MarkStillAwakeAskedCommand } from './mark-still-awake-asked.command.js';

@CommandHandler(MarkStillAwakeAskedCommand)
export class MarkStillAwakeAskedHandler implements ICommandHandler<MarkStillAwakeAskedCommand, { asked: boolean }> {
  constructor(
    @Inject(StillAwakeRepository) private readonly checks: StillAwakeRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ challengeId }: MarkStillAwakeAskedCommand): Promise<{ asked: boolean }> {
    return { asked: await this.checks.markAsked(challengeId, this.clock.now()) };
  }
}
