import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ChallengeRepository } from '../../../shared/infrastructure/challenge.repository.js';
import type { ChallengeDetail } from '../get-challenge-detail/get-challenge-detail.query.js';
import { ListUserChallengesQuery } from './list-user-challenges.query.js';

@QueryHandler(ListUserChallengesQuery)
export class ListUserChallengesHandler implements IQueryHandler<ListUserChallengesQuery, ChallengeDetail[]> {
  constructor(@Inject(ChallengeRepository) private readonly challenges: ChallengeRepository) {}

  execute({ userId }: ListUserChallengesQuery): Promise<ChallengeDetail[]> {
    return this.challenges.detailsOfUser(userId);
  }
}
