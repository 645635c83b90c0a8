import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ChallengeRepository } from '../../infrastructure/challenge.repository.js';
import { ChallengePage, ListMyChallengesQuery } from './list-my-challenges.query.js';

@QueryHandler(ListMyChallengesQuery)
export class ListMyChallengesHandler implements IQueryHandler<ListMyChallengesQuery, ChallengePage> {
  constructor(@Inject(ChallengeRepository) private readonly challenges: ChallengeRepository) {}

  async execute({ userId, page, size, status }: ListMyChallengesQuery): Promise<ChallengePage> {
    const [rows, total] = await this.challenges.page(userId, page, size, status);
    return { challenges: await this.challenges.views(rows, true), page, size, total };
  }
}
