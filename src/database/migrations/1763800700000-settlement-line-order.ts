import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Fewer random index writes per settled line (the million-challenge day):
 * - A settlement part now pays its user range in line order (line numbers follow the challenges' creation, which is
 *   the order of their time-ordered ids, their rows and their ledger keys), read through the pending-lines index by
 *   (run, outcome, line_no) with a cursor; nothing reads pending lines in user order any more.
 * - `notifications (user_id) WHERE NOT is_read`: every notification inserted an entry at a random page of it, and
 *   marking one read could never be a HOT update. The unread count reads the user's notifications through
 *   `(user_id, created_at)` instead (a few per day per user).
 */
export class SettlementLineOrder1763800700000 implements MigrationInterface {
  name = 'SettlementLineOrder1763800700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX settlement_lines_pending_user_idx`);
    await q.query(`DROP INDEX notifications_user_unread_idx`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX notifications_user_unread_idx ON notifications (user_id) WHERE NOT is_read`);
    await q.query(`CREATE INDEX settlement_lines_pending_user_idx ON settlement_lines (run_id, is_successful, user_id) WHERE status = 'PENDING'`);
  }
}
