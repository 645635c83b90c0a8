import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { isValidDate } from '../../../../../common/time.js';
import { ChallengeErrors } from '../../../challenges.errors.js';
import { ChallengeRepository } from '../../../shared/infrastructure/challenge.repository.js';
import { CanCreateAnswer, CanCreateChallengeQuery } from './can-create-challenge.query.js';

@QueryHandler(CanCreateChallengeQuery)
export class CanCreateChallengeHandler implements IQueryHandler<CanCreateChallengeQuery, CanCreateAnswer> {
  constructor(@Inject(ChallengeRepository) private readonly challenges: ChallengeRepository) {}

  async execute({ userId, date }: CanCreateChallengeQuery): Promise<CanCreateAnswer> {
    if (!isValidDate(date)) throw ChallengeErrors.invalid('date must be a date in the form YYYY-MM-DD');
    return this.challenges.canCreate(userId, date);
  }
}
