import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ChallengeRepository } from '../../../shared/infrastructure/challenge.repository.js';
import { GetUserChallengeIdsOfDateQuery } from './get-user-challenge-ids-of-date.query.js';

@QueryHandler(GetUserChallengeIdsOfDateQuery)
export class GetUserChallengeIdsOfDateHandler implements IQueryHandler<GetUserChallengeIdsOfDateQuery, string[]> {
  constructor(@Inject(ChallengeRepository) private readonly challenges: ChallengeRepository) {}

  execute({ userId, date }: GetUserChallengeIdsOfDateQuery): Promise<string[]> {
    return this.challenges.idsOfDate(userId, date);
  }
}
