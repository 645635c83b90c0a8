import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { GetSettleableChallengesQuery, SettleableChallenge } from './get-settleable-challenges.query.js';

@QueryHandler(GetSettleableChallengesQuery)
export class GetSettleableChallengesHandler implements IQueryHandler<GetSettleableChallengesQuery, SettleableChallenge[]> {
  constructor(@Inject(getDataSourceToken()) private readonly dataSource: DataSource) {}

  async execute({ date, afterId, limit }: GetSettleableChallengesQuery): Promise<SettleableChallenge[]> {
    const rows: { id: string; user_id: string; challenge_date: string; stake: string; is_successful: boolean; created_at: Date }[] =
      await this.dataSource.query(
        `SELECT id, user_id, challenge_date::text AS challenge_date, stake::text AS stake, is_successful, created_at
           FROM challenges
          WHERE challenge_date = $1 AND status = 'COMPLETED' AND ($2::uuid IS NULL OR id > $2::uuid)
          ORDER BY id
          LIMIT $3`,
        [date, afterId, Math.max(1, Math.min(limit, 10_000))],
      );
    return rows.map((r) => ({
      id: r.id,
      userId: r.user_id,
      challengeDate: r.challenge_date,
      stake: BigInt(r.stake),
      isSuccessful: r.is_successful,
      createdAt: new Date(r.created_at),
    }));
  }
}
