import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** wake_tags: each person's wake-tag secret (one row per person). */
@Injectable()
export class WakeTagRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The person's code, `fresh` stored when they have none: a second call (or two at once) reads the first one's code. */
  async codeOf(userId: string, fresh: string): Promise<string> {
    const rows = (await this.ds.query(
      `INSERT INTO wake_tags (user_id, code, created_at) VALUES ($1, $2, now())
       ON CONFLICT (user_id) DO UPDATE SET user_id = EXCLUDED.user_id
       RETURNING code`,
      [userId, fresh],
    )) as { code: string }[];
    return rows[0].code;
  }
}
