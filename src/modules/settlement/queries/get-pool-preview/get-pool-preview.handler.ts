import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { GetDatePlayersQuery } from '../../../challenges/day/queries/get-date-players/get-date-players.query.js';
import { estimatePoolShare, forfeitOf } from '../../domain/split.js';
import { GetPoolPreviewQuery, PoolPreview } from './get-pool-preview.query.js';

@QueryHandler(GetPoolPreviewQuery)
export class GetPoolPreviewHandler implements IQueryHandler<GetPoolPreviewQuery, PoolPreview> {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  async execute({ date, stake, proof }: GetPoolPreviewQuery): Promise<PoolPreview> {
    const groups = await this.queryBus.execute(new GetDatePlayersQuery(date, proof));
    const p: PoolPreview = { date, proof, players: 0, totalStaked: 0n, checkedIn: 0, missed: 0, pool: 0n, settled: groups.length > 0 };
    for (const g of groups) {
      p.players += g.count;
      p.totalStaked += g.stake * BigInt(g.count);
      if (g.status !== 'PROCESSED') p.settled = false;
      if (g.isSuccessful === true) p.checkedIn += g.count;
      if (g.isSuccessful === false) {
        p.missed += g.count;
        // settled misses: what settlement actually kept; the others: what the split rule will keep (per challenge)
        p.pool += g.status === 'PROCESSED' ? g.forfeited : forfeitOf(g.stake) * BigInt(g.count);
      }
    }
    if (stake !== undefined) {
      // everyone booked and not missed yet may still win: their stakes share the pool with this one (the low end)
      const contenders = groups.filter((g) => g.isSuccessful !== false).reduce((sum, g) => sum + g.stake * BigInt(g.count), 0n);
      p.estimatedShare = estimatePoolShare({ pool: p.pool, winnerStakes: contenders }, stake, true);
    }
    return p;
  }
}
