import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ChallengeRepository } from '../../infrastructure/challenge.repository.js';
import { GetDateOutcomeTotalsQuery, OutcomeTotal } from './get-date-outcome-totals.query.js';

@QueryHandler(GetDateOutcomeTotalsQuery)
export class GetDateOutcomeTotalsHandler implements IQueryHandler<GetDateOutcomeTotalsQuery, OutcomeTotal[]> {
  constructor(@Inject(ChallengeRepository) private readonly challenges: ChallengeRepository) {}

  execute({ date, proof }: GetDateOutcomeTotalsQuery): Promise<OutcomeTotal[]> {
    return this.challenges.outcomeTotals(date, proof);
  }
}
