import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ChallengeRepository } from '../../../shared/infrastructure/challenge.repository.js';
import { MarkChallengesProcessedCommand } from './mark-challenges-processed.command.js';

/** One UPDATE … FROM unnest(…) per batch; rows already PROCESSED (or not COMPLETED) are left alone. */
@CommandHandler(MarkChallengesProcessedCommand)
export class MarkChallengesProcessedHandler implements ICommandHandler<MarkChallengesProcessedCommand, { updated: number }> {
  constructor(@Inject(ChallengeRepository) private readonly challenges: ChallengeRepository) {}

  async execute({ items, manager }: MarkChallengesProcessedCommand): Promise<{ updated: number }> {
    return { updated: await this.challenges.markProcessed(items, manager) };
  }
}
