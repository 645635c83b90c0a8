import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The mail outbox: one row per message, written in the same transaction as the change that causes it (a verification
 * or reset token, a settlement). A queue job sends it with retries; the body is dropped once sent (it may hold a link).
 */
export class MailOutbox1763801300000 implements MigrationInterface {
  name = 'MailOutbox1763801300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE mail_outbox (
        id uuid PRIMARY KEY,
        kind varchar(32) NOT NULL,
        to_address varchar(320) NOT NULL,
        subject varchar(300) NOT NULL,
        text_body text,
        html_body text,
        state varchar(8) NOT NULL DEFAULT 'PENDING' CHECK (state IN ('PENDING', 'SENDING', 'SENT', 'FAILED')),
        attempts integer NOT NULL DEFAULT 0,
        last_error varchar(500),
        request_id varchar(128),
        lease_until timestamptz,
        alerted_at timestamptz,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        sent_at timestamptz
      )`);
    await q.query(`CREATE INDEX mail_outbox_unsent_idx ON mail_outbox (created_at) WHERE state <> 'SENT'`);
    await q.query(`CREATE INDEX mail_outbox_to_idx ON mail_outbox (lower(to_address), created_at DESC)`);
    await q.query(`CREATE INDEX mail_outbox_state_idx ON mail_outbox (state)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE mail_outbox`);
  }
}
