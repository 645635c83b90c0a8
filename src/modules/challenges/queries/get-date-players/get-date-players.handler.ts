import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ChallengeRepository } from '../../infrastructure/challenge.repository.js';
import { DatePlayersGroup, GetDatePlayersQuery } from './get-date-players.query.js';

@QueryHandler(GetDatePlayersQuery)
export class GetDatePlayersHandler implements IQueryHandler<GetDatePlayersQuery, DatePlayersGroup[]> {
  constructor(@Inject(ChallengeRepository) private readonly challenges: ChallengeRepository) {}

  execute({ date, proof }: GetDatePlayersQuery): Promise<DatePlayersGroup[]> {
    return this.challenges.datePlayers(date, proof);
  }
}
