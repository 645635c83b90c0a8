import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { GetDateOutcomeTotalsQuery } from '../../../challenges/day/queries/get-date-outcome-totals/get-date-outcome-totals.query.js';
import { estimatePoolShare, forfeitOf, PoolSoFar, poolSoFar } from '../../domain/split.js';
import { EstimateChallengeOutcomesQuery, OutcomeEstimate } from './estimate-challenge-outcomes.query.js';

const poolKey = (i: { challengeDate: string; proof?: 'NONE' | 'PHOTO' }): string => `${i.challengeDate}|${i.proof ?? 'NONE'}`;

@QueryHandler(EstimateChallengeOutcomesQuery)
export class EstimateChallengeOutcomesHandler implements IQueryHandler<EstimateChallengeOutcomesQuery, OutcomeEstimate[]> {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  async execute({ items, withPool }: EstimateChallengeOutcomesQuery): Promise<OutcomeEstimate[]> {
    const pools = new Map<string, PoolSoFar>();
    if (withPool) {
      // one pool per date and proof level
      const keys = [...new Set(items.filter((i) => i.outcome !== 'FAILED').map((i) => poolKey(i)))];
      for (const key of keys) {
        const [date, proof] = key.split('|') as [string, 'NONE' | 'PHOTO'];
        pools.set(key, poolSoFar(await this.queryBus.execute(new GetDateOutcomeTotalsQuery(date, proof))));
      }
    }
    return items.map((i) => {
      if (i.outcome === 'FAILED') return { forfeit: forfeitOf(i.stake), poolShare: null };
      const pool = pools.get(poolKey(i));
      // A challenge not checked in yet is not among the date's winners: it would join them.
      return { forfeit: 0n, poolShare: pool ? estimatePoolShare(pool, i.stake, i.outcome === 'PENDING') : null };
    });
  }
}
