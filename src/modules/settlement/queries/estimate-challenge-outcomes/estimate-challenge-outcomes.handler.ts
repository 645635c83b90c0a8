import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { GetDateOutcomeTotalsQuery } from '../../../challenges/queries/get-date-outcome-totals/get-date-outcome-totals.query.js';
import { estimatePoolShare, forfeitOf, PoolSoFar, poolSoFar } from '../../domain/split.js';
import { EstimateChallengeOutcomesQuery, OutcomeEstimate } from './estimate-challenge-outcomes.query.js';

@QueryHandler(EstimateChallengeOutcomesQuery)
export class EstimateChallengeOutcomesHandler implements IQueryHandler<EstimateChallengeOutcomesQuery, OutcomeEstimate[]> {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  async execute({ items, withPool }: EstimateChallengeOutcomesQuery): Promise<OutcomeEstimate[]> {
    const pools = new Map<string, PoolSoFar>();
    if (withPool) {
      const dates = [...new Set(items.filter((i) => i.outcome !== 'FAILED').map((i) => i.challengeDate))];
      for (const date of dates) pools.set(date, poolSoFar(await this.queryBus.execute(new GetDateOutcomeTotalsQuery(date))));
    }
    return items.map((i) => {
      if (i.outcome === 'FAILED') return { forfeit: forfeitOf(i.stake), poolShare: null };
      const pool = pools.get(i.challengeDate);
      // A challenge not checked in yet is not among the date's winners: it would join them.
      return { forfeit: 0n, poolShare: pool ? estimatePoolShare(pool, i.stake, i.outcome === 'PENDING') : null };
    });
  }
}
