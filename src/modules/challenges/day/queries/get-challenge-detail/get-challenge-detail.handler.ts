import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ChallengeRepository } from '../../../shared/infrastructure/challenge.repository.js';
import { ChallengeDetail, GetChallengeDetailQuery } from './get-challenge-detail.query.js';

@QueryHandler(GetChallengeDetailQuery)
export class GetChallengeDetailHandler implements IQueryHandler<GetChallengeDetailQuery, ChallengeDetail | null> {
  constructor(@Inject(ChallengeRepository) private readonly challenges: ChallengeRepository) {}

  execute({ challengeId }: GetChallengeDetailQuery): Promise<ChallengeDetail | null> {
    return this.challenges.detail(challengeId);
  }
}
