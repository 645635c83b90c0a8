import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Fewer index writes per journal entry (issue 9, ledger write and settlement): `journal_entries (created_at)` and
 * `(reason)` served no query. The one reason-filtered read (a user's losses in GET /wallet/earnings) gets a partial
 * index that only pool contributions pay for. The projection rows are updated on every posting: free space on their
 * pages keeps those updates HOT (no index write for them).
 */
export class LedgerWriteIndexes1763800600000 implements MigrationInterface {
  name = 'LedgerWriteIndexes1763800600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX journal_entries_created_at_idx`);
    await q.query(`DROP INDEX journal_entries_reason_idx`);
    await q.query(`CREATE INDEX journal_entries_pool_user_idx ON journal_entries ((metadata->>'userId')) WHERE reason = 'POOL_CONTRIBUTION'`);
    await q.query(`ALTER TABLE account_balances SET (fillfactor = 70)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE account_balances RESET (fillfactor)`);
    await q.query(`DROP INDEX journal_entries_pool_user_idx`);
    await q.query(`CREATE INDEX journal_entries_reason_idx ON journal_entries (reason)`);
    await q.query(`CREATE INDEX journal_entries_created_at_idx ON journal_entries (created_at)`);
  }
}
