import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

export type RefereeStatus = 'PENDING' | 'CONFIRMED' | 'REJECTED';

export interface RefereeRow {
  userId: string;
  refereeId: string;
  groupId: string;
}

export interface RefereeRequestRow {
  id: string;
  challengeId: string;
  challengeDate: string;
  userId: string;
  refereeId: string;
  groupId: string;
  status: RefereeStatus;
  note: string | null;
  createdAt: Date;
  decidedAt: Date | null;
}

const REQUEST_COLUMNS = `id, challenge_id AS "challengeId", to_char(challenge_date, 'YYYY-MM-DD') AS "challengeDate", user_id AS "userId",
  referee_id AS "refereeId", group_id AS "groupId", status, note, created_at AS "createdAt", decided_at AS "decidedAt"`;

function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[0] as T[];
  return (Array.isArray(result) ? result : []) as T[];
}

/** Who referees whom, and the photo check-ins a referee was asked to look at. */
@Injectable()
export class RefereeRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async refereeOf(userId: string, m: EntityManager = this.ds.manager): Promise<RefereeRow | null> {
    const [r] = (await m.query(`SELECT user_id AS "userId", referee_id AS "refereeId", group_id AS "groupId" FROM referees WHERE user_id = $1`, [
      userId,
    ])) as RefereeRow[];
    return r ?? null;
  }

  async setReferee(userId: string, refereeId: string, groupId: string, now: Date): Promise<void> {
    await this.ds.query(
      `INSERT INTO referees (user_id, referee_id, group_id, updated_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id) DO UPDATE SET referee_id = excluded.referee_id, group_id = excluded.group_id, updated_at = excluded.updated_at`,
      [userId, refereeId, groupId, now],
    );
  }

  async clearReferee(userId: string): Promise<void> {
    await this.ds.query(`DELETE FROM referees WHERE user_id = $1`, [userId]);
  }

  /** Someone left a group: pairings made through it that involve them end. */
  async clearForMember(m: EntityManager, groupId: string, userId: string): Promise<void> {
    await m.query(`DELETE FROM referees WHERE group_id = $1 AND (user_id = $2 OR referee_id = $2)`, [groupId, userId]);
  }

  /**
   * A closed account: every pairing with them ends, and requests still waiting (theirs, or to them) are withdrawn, so
   * nobody is left asked by, or waiting on, an account that is gone. Answered requests stay (the record support reads).
   */
  async endAllFor(m: EntityManager, userId: string): Promise<{ pairings: number; pendingWithdrawn: number }> {
    const pairings = rowsOf(await m.query(`DELETE FROM referees WHERE user_id = $1 OR referee_id = $1 RETURNING user_id`, [userId])).length;
    const pending = rowsOf(
      await m.query(`DELETE FROM referee_requests WHERE status = 'PENDING' AND (user_id = $1 OR referee_id = $1) RETURNING id`, [userId]),
    ).length;
    return { pairings, pendingWithdrawn: pending };
  }

  /** null when the challenge was already sent to a referee (one request a check-in). */
  async insertRequest(r: Omit<RefereeRequestRow, 'status' | 'note' | 'decidedAt'>): Promise<boolean> {
    const rows = (await this.ds.query(
      `INSERT INTO referee_requests (id, challenge_id, challenge_date, user_id, referee_id, group_id, status, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'PENDING', $7) ON CONFLICT (challenge_id) DO NOTHING RETURNING id`,
      [r.id, r.challengeId, r.challengeDate, r.userId, r.refereeId, r.groupId, r.createdAt],
    )) as unknown[];
    return rows.length > 0;
  }

  async requestById(id: string): Promise<RefereeRequestRow | null> {
    const [r] = (await this.ds.query(`SELECT ${REQUEST_COLUMNS} FROM referee_requests WHERE id = $1`, [id])) as RefereeRequestRow[];
    return r ?? null;
  }

  /** Records the answer once: null when the request was no longer pending. */
  async decide(id: string, refereeId: string, status: 'CONFIRMED' | 'REJECTED', note: string | null, now: Date): Promise<RefereeRequestRow | null> {
    const [r] = rowsOf<RefereeRequestRow>(
      await this.ds.query(
        `UPDATE referee_requests SET status = $3, note = $4, decided_at = $5 WHERE id = $1 AND referee_id = $2 AND status = 'PENDING' RETURNING ${REQUEST_COLUMNS}`,
        [id, refereeId, status, note, now],
      ),
    );
    return r ?? null;
  }

  /** limit null: all of them (the data export) */
  async requestsBy(userId: string, limit: number | null = 20): Promise<RefereeRequestRow[]> {
    return (await this.ds.query(`SELECT ${REQUEST_COLUMNS} FROM referee_requests WHERE user_id = $1 ORDER BY created_at DESC LIMIT $2`, [
      userId,
      limit,
    ])) as RefereeRequestRow[];
  }

  async requestsTo(refereeId: string, limit: number | null = 20): Promise<RefereeRequestRow[]> {
    return (await this.ds.query(
      `SELECT ${REQUEST_COLUMNS} FROM referee_requests WHERE referee_id = $1 ORDER BY (status = 'PENDING') DESC, created_at DESC LIMIT $2`,
      [refereeId, limit],
    )) as RefereeRequestRow[];
  }

  async requestsForChallenges(challengeIds: string[]): Promise<RefereeRequestRow[]> {
    if (challengeIds.length === 0) return [];
    return (await this.ds.query(`SELECT ${REQUEST_COLUMNS} FROM referee_requests WHERE challenge_id = ANY($1::uuid[])`, [challengeIds])) as RefereeRequestRow[];
  }
}
