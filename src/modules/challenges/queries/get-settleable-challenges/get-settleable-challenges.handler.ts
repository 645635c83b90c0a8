import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { GetSettleableChallengesQuery, SettleableChallenge } from './get-settleable-challenges.query.js';

@QueryHandler(GetSettleableChallengesQuery)
export class GetSettleableChallengesHandler implements IQueryHandler<GetSettleableChallengesQuery, SettleableChallenge[]> {
  constructor(@Inject(getDataSourceToken()) private readonly dataSource: DataSource) {}

  async execute({ date, afterId, limit, isTest, poolMode, proof }: GetSettleableChallengesQuery): Promise<SettleableChallenge[]> {
    const rows: { id: string; user_id: string; challenge_date: string; stake: string; is_successful: boolean; created_at: Date; pool_mode: 'pool' | 'pledge'; charity_id: string | null; window_opens_at: Date; window_closes_at: Date; miss_note: string | null }[] =
      await this.dataSource.query(
        `SELECT id, user_id, challenge_date::text AS challenge_date, stake::text AS stake, is_successful, created_at, pool_mode, charity_id, window_opens_at, window_closes_at,
                CASE WHEN proof_status = 'REJECTED' AND NOT is_successful THEN failure_reason END AS miss_note
           FROM challenges
          WHERE challenge_date = $1 AND status = 'COMPLETED' AND ($2::uuid IS NULL OR id > $2::uuid) AND ($4::boolean IS NULL OR is_test = $4)
            AND ($5::text IS NULL OR pool_mode = $5) AND ($6::text IS NULL OR proof = $6)
            -- a miss under appeal waits for support's decision; the rest of the day settles on time
            AND NOT EXISTS (SELECT 1 FROM challenge_appeals a WHERE a.challenge_id = challenges.id AND a.status = 'OPEN')
            -- a still-awake check not yet closed (still answerable, or past its deadline but not yet closed as a miss) holds
            -- its morning back: the closer (first thing in a settlement) fails an unanswered one before it settles
            AND NOT EXISTS (SELECT 1 FROM still_awake_checks s WHERE s.challenge_id = challenges.id AND s.outcome IS NULL)
          ORDER BY id
          LIMIT $3`,
        [date, afterId, Math.max(1, Math.min(limit, 10_000)), isTest, poolMode, proof],
      );
    return rows.map((r) => ({
      id: r.id,
      userId: r.user_id,
      challengeDate: r.challenge_date,
      stake: BigInt(r.stake),
      isSuccessful: r.is_successful,
      createdAt: new Date(r.created_at),
      poolMode: r.pool_mode,
      charityId: r.charity_id,
      windowOpensAt: new Date(r.window_opens_at),
      windowClosesAt: new Date(r.window_closes_at),
      missNote: r.miss_note ?? null,
    }));
  }
}
