import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ChallengeRepository } from '../../../shared/infrastructure/challenge.repository.js';
import { HasPendingChallengesQuery } from './has-pending-challenges.query.js';

@QueryHandler(HasPendingChallengesQuery)
export class HasPendingChallengesHandler implements IQueryHandler<HasPendingChallengesQuery, boolean> {
  constructor(@Inject(ChallengeRepository) private readonly challenges: ChallengeRepository) {}

  execute({ userId }: HasPendingChallengesQuery): Promise<boolean> {
    return this.challenges.hasPending(userId);
  }
}
