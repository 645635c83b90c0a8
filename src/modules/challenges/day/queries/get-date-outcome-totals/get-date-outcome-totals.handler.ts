import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ChallengeReadsRepository } from '../../../shared/infrastructure/challenge-reads.repository.js';
import { GetDateOutcomeTotalsQuery, OutcomeTotal } from './get-date-outcome-totals.query.js';

@QueryHandler(GetDateOutcomeTotalsQuery)
export class GetDateOutcomeTotalsHandler implements IQueryHandler<GetDateOutcomeTotalsQuery, OutcomeTotal[]> {
  constructor(@Inject(ChallengeReadsRepository) private readonly reads: ChallengeReadsRepository) {}

  execute({ date, proof }: GetDateOutcomeTotalsQuery): Promise<OutcomeTotal[]> {
    return this.reads.outcomeTotals(date, proof);
  }
}
