import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import type { DataSource } from 'typeorm';

const hashSecret = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

/** calendar_feeds: a user's feed secret, kept only as its hash. */
@Injectable()
export class CalendarFeedsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Sets the user's one feed secret (a new one replaces the old, which stops working at once). */
  async replace(userId: string, secret: string, now: Date): Promise<void> {
    await this.ds.query(
      `INSERT INTO calendar_feeds (user_id, secret_hash, created_at) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET secret_hash = EXCLUDED.secret_hash, created_at = EXCLUDED.created_at`,
      [userId, hashSecret(secret), now],
    );
  }

  async remove(userId: string): Promise<boolean> {
    const [, count] = (await this.ds.query(`DELETE FROM calendar_feeds WHERE user_id = $1`, [userId])) as [unknown, number];
    return count > 0;
  }

  async ownerOf(secret: string): Promise<string | null> {
    const rows = (await this.ds.query(`SELECT user_id FROM calendar_feeds WHERE secret_hash = $1`, [hashSecret(secret)])) as { user_id: string }[];
    return rows[0]?.user_id ?? null;
  }

  async createdAt(userId: string): Promise<Date | null> {
    const rows = (await this.ds.query(`SELECT created_at FROM calendar_feeds WHERE user_id = $1`, [userId])) as { created_at: Date }[];
    return rows[0]?.created_at ?? null;
  }
}
