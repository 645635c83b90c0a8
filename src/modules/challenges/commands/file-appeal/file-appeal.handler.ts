import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { Clock } from '../../../../common/clock.js';
import { DomainError } from '../../../../common/errors/domain-error.js';
import { uuid7 } from '../../../../common/uuid.js';
import { ChallengeErrors } from '../../challenges.errors.js';
import { appealProblem, reasonProblem } from '../../domain/appeal-rules.js';
import { AppealView, appealView } from '../../domain/appeal-view.js';
import { AppealRepository } from '../../infrastructure/appeal.repository.js';
import { GetChallengeDetailQuery } from '../../queries/get-challenge-detail/get-challenge-detail.query.js';
import { FileAppealCommand } from './file-appeal.command.js';

export const challengeNotFound = () => new DomainError('CHALLENGES.NOT_FOUND', 'NOT_FOUND', 'Challenge not found');

@CommandHandler(FileAppealCommand)
export class FileAppealHandler implements ICommandHandler<FileAppealCommand, AppealView> {
  constructor(
    @Inject(AppealRepository) private readonly appeals: AppealRepository,
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ userId, challengeId, reason }: FileAppealCommand): Promise<AppealView> {
    const now = this.clock.now();
    const challenge = await this.queryBus.execute(new GetChallengeDetailQuery(challengeId));
    if (!challenge || challenge.userId !== userId) throw challengeNotFound();
    const problem = reasonProblem(reason) ?? appealProblem(challenge, now);
    if (problem) throw ChallengeErrors.invalid(problem);
    if (!(await this.appeals.insert({ id: uuid7(), challengeId, userId, reason: (reason as string).trim() }, now))) {
      throw ChallengeErrors.invalid('This morning has been appealed already');
    }
    return appealView((await this.appeals.forChallenge(challengeId))!);
  }
}
