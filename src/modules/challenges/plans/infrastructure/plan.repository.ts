import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

export type PlanStatus = 'ACTIVE' | 'PAUSED' | 'CANCELLED';

export interface PlanRow {
  id: string;
  userId: string;
  weekdays: number[];
  wakeUpTime: string;
  stake: bigint;
  startDate: string;
  endDate: string;
  status: PlanStatus;
  createdAt: Date;
  /** pledge mode: the charity picked for the plan's challenges (null: the operator's default) */
  charityId?: string | null;
  /** proof of wake carried to the booked challenges (absent: NONE) */
  proof?: 'NONE' | 'PHOTO';
  /** wake mission carried to the booked challenges (absent: NONE) */
  mission?: 'NONE' | 'MATH' | 'TYPING' | 'WAKE_TAG';
}

export interface PlanDayRow {
  day: string;
  outcome: 'BOOKING' | 'BOOKED' | 'SKIPPED';
  challengeId: string | null;
  reason: string | null;
}

const PLAN_COLUMNS = `id, user_id, weekdays, wake_up_time, stake::text, to_char(start_date, 'YYYY-MM-DD') AS start_date, to_char(end_date, 'YYYY-MM-DD') AS end_date, status, created_at, charity_id, proof, mission`;
type Raw = {
  id: string;
  user_id: string;
  weekdays: number[];
  wake_up_time: string;
  stake: string;
  start_date: string;
  end_date: string;
  status: PlanStatus;
  created_at: Date;
  charity_id: string | null;
  proof: 'NONE' | 'PHOTO';
  mission: 'NONE' | 'MATH' | 'TYPING' | 'WAKE_TAG';
};
const toPlan = (r: Raw): PlanRow => ({
  id: r.id,
  userId: r.user_id,
  weekdays: r.weekdays.map(Number),
  wakeUpTime: r.wake_up_time,
  stake: BigInt(r.stake),
  startDate: r.start_date,
  endDate: r.end_date,
  status: r.status,
  createdAt: r.created_at,
  charityId: r.charity_id,
  proof: r.proof,
  mission: r.mission,
});

/** challenge_plans and challenge_plan_days. */
@Injectable()
export class PlanRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async insert(p: Omit<PlanRow, 'createdAt'>, now: Date): Promise<void> {
    await this.ds.query(
      `INSERT INTO challenge_plans (id, user_id, weekdays, wake_up_time, stake, start_date, end_date, status, created_at, updated_at, charity_id, proof, mission)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $10, $11, $12)`,
      [
        p.id,
        p.userId,
        p.weekdays,
        p.wakeUpTime,
        p.stake.toString(),
        p.startDate,
        p.endDate,
        p.status,
        now,
        p.charityId ?? null,
        p.proof ?? 'NONE',
        p.mission ?? 'NONE',
      ],
    );
  }

  async forUser(userId: string): Promise<PlanRow[]> {
    return ((await this.ds.query(`SELECT ${PLAN_COLUMNS} FROM challenge_plans WHERE user_id = $1 ORDER BY created_at DESC, id`, [userId])) as Raw[]).map(
      toPlan,
    );
  }

  async owned(userId: string, id: string): Promise<PlanRow | null> {
    const rows = (await this.ds.query(`SELECT ${PLAN_COLUMNS} FROM challenge_plans WHERE id = $1 AND user_id = $2`, [id, userId])) as Raw[];
    return rows.length ? toPlan(rows[0]) : null;
  }

  /** Active plans that may have a day to book (not ended before `today`). */
  async activeFrom(today: string): Promise<PlanRow[]> {
    return (
      (await this.ds.query(`SELECT ${PLAN_COLUMNS} FROM challenge_plans WHERE status = 'ACTIVE' AND end_date >= $1 ORDER BY created_at, id`, [today])) as Raw[]
    ).map(toPlan);
  }

  /** Moves a plan between statuses; false when it was not in one of `from`. */
  async setStatus(id: string, from: PlanStatus[], to: PlanStatus, now: Date): Promise<boolean> {
    // TypeORM answers an UPDATE with [rows, affected]
    const [, affected] = (await this.ds.query(`UPDATE challenge_plans SET status = $3, updated_at = $4 WHERE id = $1 AND status = ANY($2::text[])`, [
      id,
      from,
      to,
      now,
    ])) as [unknown, number];
    return affected > 0;
  }

  async days(planIds: string[]): Promise<Map<string, PlanDayRow[]>> {
    const out = new Map<string, PlanDayRow[]>(planIds.map((id) => [id, []]));
    if (planIds.length === 0) return out;
    const rows = (await this.ds.query(
      `SELECT plan_id, to_char(day, 'YYYY-MM-DD') AS day, outcome, challenge_id, reason FROM challenge_plan_days WHERE plan_id = ANY($1::uuid[]) ORDER BY day`,
      [planIds],
    )) as { plan_id: string; day: string; outcome: PlanDayRow['outcome']; challenge_id: string | null; reason: string | null }[];
    for (const r of rows) out.get(r.plan_id)!.push({ day: r.day, outcome: r.outcome, challengeId: r.challenge_id, reason: r.reason });
    return out;
  }

  /** Claims a day for booking: true once per plan and day, however many workers scan at once. */
  async claimDay(planId: string, day: string, now: Date): Promise<boolean> {
    const rows = (await this.ds.query(
      `INSERT INTO challenge_plan_days (plan_id, day, outcome, created_at) VALUES ($1, $2, 'BOOKING', $3) ON CONFLICT DO NOTHING RETURNING 1`,
      [planId, day, now],
    )) as unknown[];
    return rows.length > 0;
  }

  async settleDay(planId: string, day: string, outcome: 'BOOKED' | 'SKIPPED', challengeId: string | null, reason: string | null): Promise<void> {
    await this.ds.query(`UPDATE challenge_plan_days SET outcome = $3, challenge_id = $4, reason = $5 WHERE plan_id = $1 AND day = $2`, [
      planId,
      day,
      outcome,
      challengeId,
      reason?.slice(0, 300) ?? null,
    ]);
  }

  /** A claim whose booking failed for a reason outside the person's control: the next scan tries again. */
  async releaseDay(planId: string, day: string): Promise<void> {
    await this.ds.query(`DELETE FROM challenge_plan_days WHERE plan_id = $1 AND day = $2 AND outcome = 'BOOKING'`, [planId, day]);
  }
}
