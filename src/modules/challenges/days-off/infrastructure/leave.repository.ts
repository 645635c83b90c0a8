import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { returnedRows } from '../../shared/infrastructure/sql.js';

/** leave_days: the dates a person declared leave (no challenge is booked or kept on them). */
@Injectable()
export class LeaveRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  transaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.ds.transaction(work);
  }

  /**
   * Serializes leave booking and challenge creation for one user and date (a transaction-scoped advisory lock), so a
   * challenge is never created on a leave day that a concurrent booking did not see.
   */
  async lockLeaveDate(m: EntityManager, userId: string, date: string): Promise<void> {
    await m.query(`SELECT pg_advisory_xact_lock(hashtext('wake-leave:' || $1::text || ':' || $2::text))`, [userId, date]);
  }

  async isOnLeave(userId: string, date: string, m: EntityManager = this.ds.manager): Promise<boolean> {
    return ((await m.query(`SELECT 1 FROM leave_days WHERE user_id = $1 AND day = $2`, [userId, date])) as unknown[]).length > 0;
  }

  async leaveInMonth(m: EntityManager, userId: string, date: string): Promise<number> {
    const [r] = (await m.query(
      `SELECT count(*)::int AS n FROM leave_days WHERE user_id = $1 AND day >= date_trunc('month', $2::date) AND day < date_trunc('month', $2::date) + interval '1 month'`,
      [userId, date],
    )) as { n: number }[];
    return r.n;
  }

  async insertLeave(m: EntityManager, userId: string, date: string, now: Date): Promise<boolean> {
    const res = await m.query(`INSERT INTO leave_days (user_id, day, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING day`, [
      userId,
      date,
      now,
    ]);
    return returnedRows(res).length > 0;
  }

  async deleteLeave(userId: string, date: string): Promise<boolean> {
    return returnedRows(await this.ds.query(`DELETE FROM leave_days WHERE user_id = $1 AND day = $2 RETURNING day`, [userId, date])).length > 0;
  }

  async leaveFrom(userId: string, from: string): Promise<{ date: string; createdAt: Date }[]> {
    const rows = (await this.ds.query(`SELECT to_char(day, 'YYYY-MM-DD') AS date, created_at FROM leave_days WHERE user_id = $1 AND day >= $2 ORDER BY day`, [
      userId,
      from,
    ])) as {
      date: string;
      created_at: Date;
    }[];
    return rows.map((r) => ({ date: r.date, createdAt: new Date(r.created_at) }));
  }

  /** The leave days of several users dated from..to. */
  leaveOfUsers(ids: string[], from: string, to: string): Promise<{ user_id: string; date: string }[]> {
    return this.ds.query(
      `SELECT user_id, to_char(day, 'YYYY-MM-DD') AS date FROM leave_days WHERE user_id = ANY($1::uuid[]) AND day BETWEEN $2::date AND $3::date`,
      [ids, from, to],
    );
  }
}
