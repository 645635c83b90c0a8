import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { DatePlayersGroup, GetDatePlayersQuery } from './get-date-players.query.js';

@QueryHandler(GetDatePlayersQuery)
export class GetDatePlayersHandler implements IQueryHandler<GetDatePlayersQuery, DatePlayersGroup[]> {
  constructor(@Inject(getDataSourceToken()) private readonly dataSource: DataSource) {}

  async execute({ date, proof }: GetDatePlayersQuery): Promise<DatePlayersGroup[]> {
    const rows: { status: DatePlayersGroup['status']; is_successful: boolean | null; stake: string; n: number; forfeited: string }[] = await this.dataSource.query(
      `SELECT status, is_successful, stake::text AS stake, count(*)::int AS n, sum(actual_forfeit_amount)::text AS forfeited
         FROM challenges WHERE challenge_date = $1 AND status <> 'CANCELLED' AND NOT is_test
          AND pool_mode = 'pool' -- the pool's players: pledge-mode stakes never fund a pool
          AND proof = $2
        GROUP BY status, is_successful, stake`,
      [date, proof],
    );
    return rows.map((r) => ({ status: r.status, isSuccessful: r.is_successful, stake: BigInt(r.stake), count: r.n, forfeited: BigInt(r.forfeited ?? '0') }));
  }
}
