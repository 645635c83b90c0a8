import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Fewer random index writes per settled line (the million-challenge day): two indexes keyed by user, which
 * every settled line wrote an entry into at a random page, served reads that keys existing anyway can serve.
 * - `settlement_lines (user_id, settlement_date)`: written twice per line (planned, then paid: paying is not a HOT
 *   update). A user's lines of a date are now found through their challenge of the date (the challenges module's
 *   `(user_id, challenge_date)` index; a line's date is its challenge's) and the line's primary key.
 * - `journal_entries ((metadata->>'userId')) WHERE reason = 'POOL_CONTRIBUTION'`: written per missed challenge. A
 *   user's losses are now found from the stakes their wallet paid and each stake's pool contribution, by its
 *   idempotency key.
 */
export class UserKeyedIndexes1763800800000 implements MigrationInterface {
  name = 'UserKeyedIndexes1763800800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX settlement_lines_user_date_idx`);
    await q.query(`DROP INDEX journal_entries_pool_user_idx`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX journal_entries_pool_user_idx ON journal_entries ((metadata->>'userId')) WHERE reason = 'POOL_CONTRIBUTION'`);
    await q.query(`CREATE INDEX settlement_lines_user_date_idx ON settlement_lines (user_id, settlement_date)`);
  }
}
