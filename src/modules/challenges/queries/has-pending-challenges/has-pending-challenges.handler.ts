import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { HasPendingChallengesQuery } from './has-pending-challenges.query.js';

@QueryHandler(HasPendingChallengesQuery)
export class HasPendingChallengesHandler implements IQueryHandler<HasPendingChallengesQuery, boolean> {
  constructor(@Inject(getDataSourceToken()) private readonly dataSource: DataSource) {}

  async execute({ userId }: HasPendingChallengesQuery): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM challenges WHERE user_id = $1 AND status IN ('PENDING', 'COMPLETED') LIMIT 1`,
      [userId],
    );
    return rows.length > 0;
  }
}
