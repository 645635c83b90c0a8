import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ChallengeReadsRepository } from '../../../shared/infrastructure/challenge-reads.repository.js';
import { GetSettleableChallengesQuery, SettleableChallenge } from './get-settleable-challenges.query.js';

@QueryHandler(GetSettleableChallengesQuery)
export class GetSettleableChallengesHandler implements IQueryHandler<GetSettleableChallengesQuery, SettleableChallenge[]> {
  constructor(@Inject(ChallengeReadsRepository) private readonly reads: ChallengeReadsRepository) {}

  execute({ date, afterId, limit, isTest, poolMode, proof }: GetSettleableChallengesQuery): Promise<SettleableChallenge[]> {
    return this.reads.settleable({ date, afterId, limit, isTest, poolMode, proof });
  }
}
