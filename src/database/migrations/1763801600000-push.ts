import { MigrationInterface, QueryRunner } from 'typeorm';

/** Web Push: the browsers a user subscribed, and each reminder sent (one row per challenge and kind: sent once). */
export class Push1763801600000 implements MigrationInterface {
  name = 'Push1763801600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE push_subscriptions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        endpoint varchar(2048) NOT NULL UNIQUE,
        p256dh varchar(200) NOT NULL,
        auth varchar(100) NOT NULL,
        created_at timestamptz NOT NULL,
        last_sent_at timestamptz
      )`);
    await q.query(`CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id)`);
    await q.query(`
      CREATE TABLE push_reminders_sent (
        challenge_id uuid NOT NULL,
        kind varchar(16) NOT NULL,
        user_id uuid NOT NULL,
        sent_at timestamptz NOT NULL,
        delivered integer NOT NULL DEFAULT 0,
        PRIMARY KEY (challenge_id, kind)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE push_reminders_sent`);
    await q.query(`DROP TABLE push_subscriptions`);
  }
}
