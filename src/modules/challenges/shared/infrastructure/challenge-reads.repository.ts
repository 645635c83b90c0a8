import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { Morning } from '../../days-off/domain/shield-rules.js';
import type { OutcomeTotal } from '../../day/queries/get-date-outcome-totals/get-date-outcome-totals.query.js';
import type { DatePlayersGroup } from '../../day/queries/get-date-players/get-date-players.query.js';
import type { SettleableChallenge } from '../../day/queries/get-settleable-challenges/get-settleable-challenges.query.js';
import type { PendingMorningRow } from '../../day/queries/list-pending-mornings/list-pending-mornings.query.js';
import { ChallengeEntity } from './challenge.entity.js';

/** The challenges table read for lists, statistics, settlement and the mornings' reminders: reads only. */
@Injectable()
export class ChallengeReadsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The user's page of challenges, newest first: one status, or all but cancelled. */
  page(userId: string, page: number, size: number, status?: string): Promise<[ChallengeEntity[], number]> {
    const qb = this.ds.manager
      .createQueryBuilder(ChallengeEntity, 'c')
      .where('c.user_id = :userId', { userId })
      .orderBy('c.created_at', 'DESC')
      .addOrderBy('c.id', 'DESC')
      .offset(page * size)
      .limit(size);
    if (status) qb.andWhere('c.status = :status', { status });
    else qb.andWhere(`c.status <> 'CANCELLED'`);
    return qb.getManyAndCount();
  }

  /** The user's challenges of a date (not cancelled), by wake-up time. */
  ofDate(userId: string, date: string): Promise<ChallengeEntity[]> {
    return this.ds.manager
      .createQueryBuilder(ChallengeEntity, 'c')
      .where('c.user_id = :userId AND c.challenge_date = :date', { userId, date })
      .andWhere(`c.status <> 'CANCELLED'`)
      .orderBy('c.wake_up_time', 'ASC')
      .getMany();
  }

  async pendingMornings(from: Date, to: Date): Promise<PendingMorningRow[]> {
    const rows = (await this.ds.query(
      `SELECT id, user_id, to_char(challenge_date, 'YYYY-MM-DD') AS challenge_date, wake_up_time, stake::text, window_opens_at, window_closes_at
         FROM challenges
        WHERE status = 'PENDING' AND window_closes_at > $1 AND window_opens_at <= $2
        ORDER BY window_opens_at, id`,
      [from, to],
    )) as { id: string; user_id: string; challenge_date: string; wake_up_time: string; stake: string; window_opens_at: Date; window_closes_at: Date }[];
    return rows.map((r) => ({
      challengeId: r.id,
      userId: r.user_id,
      challengeDate: r.challenge_date,
      wakeUpTime: r.wake_up_time.slice(0, 5),
      stake: BigInt(r.stake),
      windowOpensAt: r.window_opens_at,
      windowClosesAt: r.window_closes_at,
    }));
  }

  async settleable(q: {
    date: string;
    afterId: string | null;
    limit: number;
    isTest: boolean | null;
    poolMode: string | null;
    proof: string | null;
  }): Promise<SettleableChallenge[]> {
    const rows: {
      id: string;
      user_id: string;
      challenge_date: string;
      stake: string;
      is_successful: boolean;
      created_at: Date;
      pool_mode: 'pool' | 'pledge';
      charity_id: string | null;
      window_opens_at: Date;
      window_closes_at: Date;
      miss_note: string | null;
    }[] = await this.ds.query(
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
      [q.date, q.afterId, Math.max(1, Math.min(q.limit, 10_000)), q.isTest, q.poolMode, q.proof],
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

  // ---------- counts ----------

  /** A date's COMPLETED pool-mode challenges of one proof kind, grouped by stake and outcome. */
  async outcomeTotals(date: string, proof: string): Promise<OutcomeTotal[]> {
    // Stakes are whole rupees from ₹10 to ₹100: a handful of groups however many challenges the date holds.
    const rows: { stake: string; is_successful: boolean; n: number }[] = await this.ds.query(
      `SELECT stake::text AS stake, is_successful, count(*)::int AS n
         FROM challenges WHERE challenge_date = $1 AND status = 'COMPLETED' AND pool_mode = 'pool' -- pledge-mode stakes never fund a pool
          AND proof = $2
        GROUP BY stake, is_successful`,
      [date, proof],
    );
    return rows.map((r) => ({ stake: BigInt(r.stake), isSuccessful: r.is_successful, count: r.n }));
  }

  async datePlayers(date: string, proof: string): Promise<DatePlayersGroup[]> {
    const rows: { status: DatePlayersGroup['status']; is_successful: boolean | null; stake: string; n: number; forfeited: string }[] = await this.ds.query(
      `SELECT status, is_successful, stake::text AS stake, count(*)::int AS n, sum(actual_forfeit_amount)::text AS forfeited
         FROM challenges WHERE challenge_date = $1 AND status <> 'CANCELLED' AND NOT is_test
          AND pool_mode = 'pool' -- the pool's players: pledge-mode stakes never fund a pool
          AND proof = $2
        GROUP BY status, is_successful, stake`,
      [date, proof],
    );
    return rows.map((r) => ({ status: r.status, isSuccessful: r.is_successful, stake: BigInt(r.stake), count: r.n, forfeited: BigInt(r.forfeited ?? '0') }));
  }

  /** The user's counts and sums over all challenges. */
  async totals(userId: string): Promise<{ total: number; successful: number; failed: number; earnings: string; losses: string; donated: string }> {
    const [totals] = await this.ds.query(
      `SELECT count(*) FILTER (WHERE status <> 'CANCELLED')::int AS total,
              count(*) FILTER (WHERE status IN ('COMPLETED', 'PROCESSED') AND is_successful)::int AS successful,
              count(*) FILTER (WHERE status IN ('COMPLETED', 'PROCESSED') AND NOT is_successful)::int AS failed,
              coalesce(sum(winnings_amount) FILTER (WHERE status = 'PROCESSED'), 0)::text AS earnings,
              coalesce(sum(actual_forfeit_amount) FILTER (WHERE status = 'PROCESSED'), 0)::text AS losses,
              coalesce(sum(actual_forfeit_amount) FILTER (WHERE status = 'PROCESSED' AND pool_mode = 'pledge' AND charity_id IS NOT NULL), 0)::text AS donated
         FROM challenges WHERE user_id = $1`,
      [userId],
    );
    return totals;
  }

  /** The user's decided mornings (COMPLETED or PROCESSED) in date order: what a streak is counted from. */
  async outcomes(userId: string): Promise<{ date: string; isSuccessful: boolean }[]> {
    const outcomes: { date: string; is_successful: boolean }[] = await this.ds.query(
      `SELECT challenge_date::text AS date, is_successful FROM challenges
        WHERE user_id = $1 AND status IN ('COMPLETED', 'PROCESSED') ORDER BY challenge_date`,
      [userId],
    );
    return outcomes.map((o) => ({ date: o.date, isSuccessful: o.is_successful }));
  }

  /** outcomes() for several users at once. */
  outcomesOfUsers(ids: string[]): Promise<{ user_id: string; date: string; is_successful: boolean }[]> {
    return this.ds.query(
      `SELECT user_id, challenge_date::text AS date, is_successful FROM challenges
        WHERE user_id = ANY($1::uuid[]) AND status IN ('COMPLETED', 'PROCESSED') ORDER BY challenge_date`,
      [ids],
    );
  }

  /** The user's counts and sums per date in [start, end], cancelled ones aside. */
  daily(
    userId: string,
    start: string,
    end: string,
  ): Promise<{ date: string; successful: number; failed: number; pending: number; earnings: string; losses: string }[]> {
    return this.ds.query(
      `SELECT challenge_date::text AS date,
              count(*) FILTER (WHERE status IN ('COMPLETED', 'PROCESSED') AND is_successful)::int AS successful,
              count(*) FILTER (WHERE status IN ('COMPLETED', 'PROCESSED') AND NOT is_successful)::int AS failed,
              count(*) FILTER (WHERE status = 'PENDING')::int AS pending,
              coalesce(sum(winnings_amount) FILTER (WHERE status = 'PROCESSED'), 0)::text AS earnings,
              coalesce(sum(actual_forfeit_amount) FILTER (WHERE status = 'PROCESSED'), 0)::text AS losses
         FROM challenges
        WHERE user_id = $1 AND challenge_date BETWEEN $2::date AND $3::date AND status <> 'CANCELLED'
        GROUP BY challenge_date`,
      [userId, start, end],
    );
  }

  /** Real (non-test) challenges of the users dated from..to; a cancelled one only when a shield or leave excused it. Live first per date. */
  groupMornings(
    ids: string[],
    from: string,
    to: string,
  ): Promise<
    { id: string; user_id: string; date: string; status: string; is_successful: boolean | null; forgiven: boolean; excused: boolean; has_photo: boolean }[]
  > {
    return this.ds.query(
      `SELECT c.id, c.user_id, to_char(c.challenge_date, 'YYYY-MM-DD') AS date, c.status, c.is_successful,
              c.forgiven_reason IS NOT NULL AS forgiven, e.challenge_id IS NOT NULL AS excused, c.photo_path IS NOT NULL AS has_photo
         FROM challenges c LEFT JOIN challenge_excusals e ON e.challenge_id = c.id
        WHERE c.user_id = ANY($1::uuid[]) AND NOT c.is_test AND c.challenge_date BETWEEN $2::date AND $3::date
          AND (c.status <> 'CANCELLED' OR e.challenge_id IS NOT NULL)
        ORDER BY c.user_id, c.challenge_date, (c.status = 'CANCELLED'), c.created_at DESC`,
      [ids, from, to],
    );
  }

  /** Real (non-test) challenges of the user dated from..to, with whether a shield or leave excused them. */
  yearMornings(
    userId: string,
    from: string,
    to: string,
  ): Promise<
    { date: string; wake_up_time: string; status: string; is_successful: boolean | null; check_in_time: Date | null; excused: boolean; forgiven: boolean }[]
  > {
    return this.ds.query(
      `SELECT c.challenge_date::text AS date, c.wake_up_time, c.status, c.is_successful, c.check_in_time,
              EXISTS (SELECT 1 FROM challenge_excusals e WHERE e.challenge_id = c.id) AS excused, c.forgiven_reason IS NOT NULL AS forgiven
         FROM challenges c
        WHERE c.user_id = $1 AND NOT c.is_test AND c.challenge_date BETWEEN $2::date AND $3::date
        ORDER BY c.challenge_date, c.created_at`,
      [userId, from, to],
    );
  }

  /** The user's real (non-test) challenges after the cursor, not cancelled (an excused morning is a cancelled one), in date order. */
  async morningsAfter(userId: string, cursor: string | null, m: EntityManager = this.ds.manager): Promise<Morning[]> {
    const rows = (await m.query(
      `SELECT to_char(challenge_date, 'YYYY-MM-DD') AS date, status, is_successful FROM challenges
        WHERE user_id = $1 AND NOT is_test AND status <> 'CANCELLED' AND ($2::date IS NULL OR challenge_date > $2::date)
        ORDER BY challenge_date`,
      [userId, cursor],
    )) as { date: string; status: string; is_successful: boolean | null }[];
    return rows.map((r) => ({ date: r.date, settled: r.status === 'PROCESSED', isSuccessful: r.is_successful }));
  }
}
