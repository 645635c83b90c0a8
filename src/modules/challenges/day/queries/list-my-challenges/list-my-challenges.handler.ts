import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ChallengeRepository } from '../../../shared/infrastructure/challenge.repository.js';
import { ChallengeReadsRepository } from '../../../shared/infrastructure/challenge-reads.repository.js';
import { ChallengePage, ListMyChallengesQuery } from './list-my-challenges.query.js';

@QueryHandler(ListMyChallengesQuery)
export class ListMyChallengesHandler implements IQueryHandler<ListMyChallengesQuery, ChallengePage> {
  constructor(
    @Inject(ChallengeRepository) private readonly challenges: ChallengeRepository,
    @Inject(ChallengeReadsRepository) private readonly reads: ChallengeReadsRepository,
  ) {}

  async execute({ userId, page, size, status }: ListMyChallengesQuery): Promise<ChallengePage> {
    const [rows, total] = await this.reads.page(userId, page, size, status);
    return { challenges: await this.challenges.views(rows, true), page, size, total };
  }
}
