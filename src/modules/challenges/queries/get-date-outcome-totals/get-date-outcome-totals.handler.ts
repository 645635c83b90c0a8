import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { GetDateOutcomeTotalsQuery, OutcomeTotal } from './get-date-outcome-totals.query.js';

@QueryHandler(GetDateOutcomeTotalsQuery)
export class GetDateOutcomeTotalsHandler implements IQueryHandler<GetDateOutcomeTotalsQuery, OutcomeTotal[]> {
  constructor(@Inject(getDataSourceToken()) private readonly dataSource: DataSource) {}

  async execute({ date, proof }: GetDateOutcomeTotalsQuery): Promise<OutcomeTotal[]> {
    // Stakes are whole rupees from ₹10 to ₹100: a handful of groups however many challenges the date holds.
    const rows: { stake: string; is_successful: boolean; n: number }[] = await this.dataSource.query(
      `SELECT stake::text AS stake, is_successful, count(*)::int AS n
         FROM challenges WHERE challenge_date = $1 AND status = 'COMPLETED' AND pool_mode = 'pool' -- pledge-mode stakes never fund a pool
          AND proof = $2
        GROUP BY stake, is_successful`,
      [date, proof],
    );
    return rows.map((r) => ({ stake: BigInt(r.stake), isSuccessful: r.is_successful, count: r.n }));
  }
}
