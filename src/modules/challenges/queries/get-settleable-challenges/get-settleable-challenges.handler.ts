import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ChallengeRepository } from '../../infrastructure/challenge.repository.js';
import { GetSettleableChallengesQuery, SettleableChallenge } from './get-settleable-challenges.query.js';

@QueryHandler(GetSettleableChallengesQuery)
export class GetSettleableChallengesHandler implements IQueryHandler<GetSettleableChallengesQuery, SettleableChallenge[]> {
  constructor(@Inject(ChallengeRepository) private readonly challenges: ChallengeRepository) {}

  execute({ date, afterId, limit, isTest, poolMode, proof }: GetSettleableChallengesQuery): Promise<SettleableChallenge[]> {
    return this.challenges.settleable({ date, afterId, limit, isTest, poolMode, proof });
  }
}
