import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { isValidDate } from '../../../../../common/time.js';
import { ChallengeErrors } from '../../../challenges.errors.js';
import { ChallengeRepository } from '../../../shared/infrastructure/challenge.repository.js';
import { ChallengeReadsRepository } from '../../../shared/infrastructure/challenge-reads.repository.js';
import { ChallengesOfDate, GetMyChallengesOfDateQuery } from './get-my-challenges-of-date.query.js';

@QueryHandler(GetMyChallengesOfDateQuery)
export class GetMyChallengesOfDateHandler implements IQueryHandler<GetMyChallengesOfDateQuery, ChallengesOfDate> {
  constructor(
    @Inject(ChallengeRepository) private readonly challenges: ChallengeRepository,
    @Inject(ChallengeReadsRepository) private readonly reads: ChallengeReadsRepository,
  ) {}

  async execute({ userId, date }: GetMyChallengesOfDateQuery): Promise<ChallengesOfDate> {
    if (!isValidDate(date)) throw ChallengeErrors.invalid('date must be a date in the form YYYY-MM-DD');
    const rows = await this.reads.ofDate(userId, date);
    const challenges = await this.challenges.views(rows, true);
    return { challenges, challenge: challenges[0] ?? null };
  }
}
