import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { ChallengeView } from '../../../shared/domain/challenge-view.js';
import { ChallengeRepository } from '../../../shared/infrastructure/challenge.repository.js';
import { GetMyChallengeQuery } from './get-my-challenge.query.js';

@QueryHandler(GetMyChallengeQuery)
export class GetMyChallengeHandler implements IQueryHandler<GetMyChallengeQuery, ChallengeView> {
  constructor(@Inject(ChallengeRepository) private readonly challenges: ChallengeRepository) {}

  async execute({ userId, challengeId }: GetMyChallengeQuery): Promise<ChallengeView> {
    const [view] = await this.challenges.views([await this.challenges.findOwn(userId, challengeId)], true);
    return view;
  }
}
