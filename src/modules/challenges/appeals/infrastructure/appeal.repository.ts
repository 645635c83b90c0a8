import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { AppealStatus } from '../domain/appeal-rules.js';

export interface AppealRow {
  id: string;
  challengeId: string;
  userId: string;
  reason: string;
  status: AppealStatus;
  decisionNote: string | null;
  decidedBy: string | null;
  createdAt: Date;
  decidedAt: Date | null;
  /** storage key of the photo sent with the appeal, if any */
  photoPath: string | null;
}

const COLUMNS = `id, challenge_id AS "challengeId", user_id AS "userId", reason, status, decision_note AS "decisionNote", decided_by AS "decidedBy", created_at AS "createdAt", decided_at AS "decidedAt", photo_path AS "photoPath"`;

/** challenge_appeals. */
@Injectable()
export class AppealRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  transaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.ds.transaction(work);
  }

  async challengeOf(appealId: string): Promise<string> {
    const [row] = (await this.ds.query(`SELECT challenge_id FROM challenge_appeals WHERE id = $1`, [appealId])) as { challenge_id: string }[];
    return row.challenge_id;
  }

  /** A closed account's appeal photos let go (in the closure's transaction); answers their keys. */
  async erasePhotos(userId: string, manager: EntityManager): Promise<{ photo_path: string | null }[]> {
    const appealRows = (await manager.query(
      `UPDATE challenge_appeals a SET photo_path = NULL
         FROM (SELECT id, photo_path FROM challenge_appeals WHERE user_id = $1 AND photo_path IS NOT NULL FOR UPDATE) prev
        WHERE a.id = prev.id
        RETURNING prev.photo_path`,
      [userId],
    )) as [{ photo_path: string | null }[], number];
    return Array.isArray(appealRows[0]) ? appealRows[0] : (appealRows as unknown as { photo_path: string | null }[]);
  }

  /** Photos sent with appeals about mornings dated in [from, to), a batch at a time. */
  photosDated(from: string, to: string, limit: number): Promise<{ id: string; photo_path: string }[]> {
    return this.ds.query(
      `SELECT a.id, a.photo_path FROM challenge_appeals a JOIN challenges c ON c.id = a.challenge_id
        WHERE c.challenge_date >= $1::date AND c.challenge_date < $2::date AND a.photo_path IS NOT NULL
        ORDER BY c.challenge_date, a.id LIMIT $3`,
      [from, to, limit],
    );
  }

  async clearPhotos(ids: string[]): Promise<void> {
    await this.ds.query(`UPDATE challenge_appeals SET photo_path = NULL WHERE id = ANY($1::uuid[])`, [ids]);
  }

  /** false when the challenge has an appeal already (one each). */
  async insert(a: Pick<AppealRow, 'id' | 'challengeId' | 'userId' | 'reason' | 'photoPath'>, now: Date): Promise<boolean> {
    const rows = (await this.ds.query(
      `INSERT INTO challenge_appeals (id, challenge_id, user_id, reason, status, created_at, photo_path) VALUES ($1, $2, $3, $4, 'OPEN', $5, $6) ON CONFLICT (challenge_id) DO NOTHING RETURNING id`,
      [a.id, a.challengeId, a.userId, a.reason, now, a.photoPath],
    )) as unknown[];
    return rows.length > 0;
  }

  async forChallenge(challengeId: string): Promise<AppealRow | null> {
    const rows = (await this.ds.query(`SELECT ${COLUMNS} FROM challenge_appeals WHERE challenge_id = $1`, [challengeId])) as AppealRow[];
    return rows[0] ?? null;
  }

  async byId(id: string): Promise<AppealRow | null> {
    const rows = (await this.ds.query(`SELECT ${COLUMNS} FROM challenge_appeals WHERE id = $1`, [id])) as AppealRow[];
    return rows[0] ?? null;
  }

  async list(status: AppealStatus | null, limit: number): Promise<AppealRow[]> {
    return (await this.ds.query(`SELECT ${COLUMNS} FROM challenge_appeals WHERE ($1::text IS NULL OR status = $1) ORDER BY created_at, id LIMIT $2`, [
      status,
      limit,
    ])) as AppealRow[];
  }

  /** The appeal, locked for its decision (inside the caller's transaction). */
  async lock(m: EntityManager, id: string): Promise<AppealRow | null> {
    const rows = (await m.query(`SELECT ${COLUMNS} FROM challenge_appeals WHERE id = $1 FOR UPDATE`, [id])) as AppealRow[];
    return rows[0] ?? null;
  }

  async decide(m: EntityManager, id: string, status: AppealStatus, note: string, by: string, now: Date): Promise<void> {
    await m.query(`UPDATE challenge_appeals SET status = $2, decision_note = $3, decided_by = $4, decided_at = $5 WHERE id = $1`, [id, status, note, by, now]);
  }
}
