import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ChallengeReadsRepository } from '../../../shared/infrastructure/challenge-reads.repository.js';
import { DatePlayersGroup, GetDatePlayersQuery } from './get-date-players.query.js';

@QueryHandler(GetDatePlayersQuery)
export class GetDatePlayersHandler implements IQueryHandler<GetDatePlayersQuery, DatePlayersGroup[]> {
  constructor(@Inject(ChallengeReadsRepository) private readonly reads: ChallengeReadsRepository) {}

  execute({ date, proof }: GetDatePlayersQuery): Promise<DatePlayersGroup[]> {
    return this.reads.datePlayers(date, proof);
  }
}
