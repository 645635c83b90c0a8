import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '../../../../../common/clock.js';
import { isUuid } from '../../../../../common/uuid.js';
import { ChallengeErrors } from '../../../challenges.errors.js';
import { answerProblem } from '../../domain/still-awake-rules.js';
import { StillAwakeRepository } from '../../infrastructure/still-awake.repository.js';
import { AnswerStillAwakeCommand } from './answer-still-awake.command.js';

@CommandHandler(AnswerStillAwakeCommand)
export class AnswerStillAwakeHandler implements ICommandHandler<AnswerStillAwakeCommand, { status: 'ANSWERED'; answeredAt: Date }> {
  constructor(
    @Inject(StillAwakeRepository) private readonly checks: StillAwakeRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ userId, challengeId }: AnswerStillAwakeCommand): Promise<{ status: 'ANSWERED'; answeredAt: Date }> {
    if (!isUuid(challengeId)) throw ChallengeErrors.stillAwakeNotFound();
    const now = this.clock.now();
    // the guarded UPDATE decides (a closer at the deadline and this answer never both win); the read only explains a refusal
    if (await this.checks.answer(challengeId, userId, now)) return { status: 'ANSWERED', answeredAt: now };
    const check = await this.checks.check(challengeId, userId);
    if (!check) throw ChallengeErrors.stillAwakeNotFound();
    switch (answerProblem(check, now)) {
      case 'NOT_ASKED_YET':
        throw ChallengeErrors.stillAwakeNotYet();
      case 'ALREADY_ANSWERED':
        throw ChallengeErrors.stillAwakeAnswered();
      default:
        throw ChallengeErrors.stillAwakeExpired();
    }
  }
}
