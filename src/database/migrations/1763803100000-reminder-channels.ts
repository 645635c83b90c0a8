import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reminder channels: each claimed reminder records how it went out: push, mail (the fallback, with its
 * outbox row) or in-app only (quiet hours, both channels off, nothing reachable). Old rows were all push.
 */
export class ReminderChannels1763803100000 implements MigrationInterface {
  name = 'ReminderChannels1763803100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE push_reminders_sent ADD COLUMN channel varchar(8) NOT NULL DEFAULT 'push' CHECK (channel IN ('push', 'mail', 'in-app'))`);
    await q.query(`ALTER TABLE push_reminders_sent ADD COLUMN mail_id uuid`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE push_reminders_sent DROP COLUMN mail_id, DROP COLUMN channel`);
  }
}
