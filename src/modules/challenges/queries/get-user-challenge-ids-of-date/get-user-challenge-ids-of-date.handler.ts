import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { GetUserChallengeIdsOfDateQuery } from './get-user-challenge-ids-of-date.query.js';

/** Through the `(user_id, challenge_date) WHERE status <> 'CANCELLED'` unique index. */
@QueryHandler(GetUserChallengeIdsOfDateQuery)
export class GetUserChallengeIdsOfDateHandler implements IQueryHandler<GetUserChallengeIdsOfDateQuery, string[]> {
  constructor(@Inject(getDataSourceToken()) private readonly dataSource: DataSource) {}

  async execute({ userId, date }: GetUserChallengeIdsOfDateQuery): Promise<string[]> {
    const rows: { id: string }[] = await this.dataSource.query(
      `SELECT id FROM challenges WHERE user_id = $1 AND challenge_date = $2 AND status <> 'CANCELLED'`,
      [userId, date],
    );
    return rows.map((r) => r.id);
  }
}
