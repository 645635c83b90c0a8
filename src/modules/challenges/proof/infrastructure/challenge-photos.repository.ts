import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

/** Check-in photo keys on challenge rows: erased with a closed account, purged by date. */
@Injectable()
export class ChallengePhotosRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** A closed account's notes, locations and photo keys erased (in the closure's transaction); answers the photo keys. */
  async eraseCheckInDetails(userId: string, manager: EntityManager): Promise<{ photo_path: string | null }[]> {
    const rows = (await manager.query(
      `UPDATE challenges c SET notes = NULL, check_in_location = NULL, photo_path = NULL
         FROM (SELECT id, photo_path FROM challenges WHERE user_id = $1 AND (notes IS NOT NULL OR check_in_location IS NOT NULL OR photo_path IS NOT NULL) FOR UPDATE) prev
        WHERE c.id = prev.id
        RETURNING prev.photo_path`,
      [userId],
    )) as [{ photo_path: string | null }[], number];
    return Array.isArray(rows[0]) ? rows[0] : (rows as unknown as { photo_path: string | null }[]);
  }

  /** Check-in photos of mornings dated in [from, to), a batch at a time. */
  photosDated(from: string, to: string, limit: number): Promise<{ id: string; photo_path: string }[]> {
    return this.ds.query(
      `SELECT id, photo_path FROM challenges
        WHERE challenge_date >= $1::date AND challenge_date < $2::date AND photo_path IS NOT NULL
        ORDER BY challenge_date, id LIMIT $3`,
      [from, to, limit],
    );
  }

  async clearPhotos(ids: string[]): Promise<void> {
    await this.ds.query(`UPDATE challenges SET photo_path = NULL WHERE id = ANY($1::uuid[])`, [ids]);
  }
}
