import { MigrationInterface, QueryRunner } from 'typeorm';

/** The calendar module: one secret feed address per user, stored as a hash (the address itself is the credential). */
export class CalendarFeeds1763801500000 implements MigrationInterface {
  name = 'CalendarFeeds1763801500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE calendar_feeds (
        user_id uuid PRIMARY KEY,
        secret_hash char(64) NOT NULL UNIQUE,
        created_at timestamptz NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE calendar_feeds`);
  }
}
