import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Less work per write on the hot paths (ledger write, check-in rush, settlement), same guarantees.
 * - Indexes no query needs: `journal_entries (created_at)` and `(reason)` (the one reason-filtered read, a user's
 *   losses in GET /wallet/earnings, gets a partial index only pool contributions pay for); `postings (account,
 *   created_at)` (every posting read is by account in seq order: the primary key); `challenges (user_id, status,
 *   created_at)` (a user's list by status is their list by date, filtered); `settlement_lines (settlement_date)`.
 * - `settlement_lines (run_id, status, is_successful, line_no)` becomes partial on PENDING: paying a line then adds
 *   nothing to it.
 * - `postings.entry_id` references its entry through the statement-level trigger that already checks each entry
 *   balances (one set-based check per INSERT statement instead of a foreign-key query per posting row); an entry can
 *   never go away afterwards, journal_entries being append-only (no UPDATE, DELETE or TRUNCATE).
 * - The projection rows are updated on every posting: free space on their pages keeps those updates HOT.
 */
export class WritePath1763800600000 implements MigrationInterface {
  name = 'WritePath1763800600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX journal_entries_created_at_idx`);
    await q.query(`DROP INDEX journal_entries_reason_idx`);
    await q.query(`CREATE INDEX journal_entries_pool_user_idx ON journal_entries ((metadata->>'userId')) WHERE reason = 'POOL_CONTRIBUTION'`);
    await q.query(`DROP INDEX postings_account_created_idx`);
    await q.query(`DROP INDEX challenges_user_status_idx`);
    await q.query(`DROP INDEX settlement_lines_date_idx`);
    await q.query(`DROP INDEX settlement_lines_run_status_idx`);
    await q.query(`CREATE INDEX settlement_lines_pending_line_idx ON settlement_lines (run_id, is_successful, line_no) WHERE status = 'PENDING'`);
    await q.query(`ALTER TABLE account_balances SET (fillfactor = 70)`);

    // Under the induction that every stored entry balances, an INSERT keeps every entry balanced iff the postings it
    // adds to each entry sum to zero and number at least two (amounts are never zero): checked on the transition
    // table alone, with every entry_id required to exist.
    await q.query(`ALTER TABLE postings DROP CONSTRAINT postings_entry_id_fkey`);
    await q.query(`
      CREATE OR REPLACE FUNCTION ledger_entry_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE bad record;
      BEGIN
        -- The entry's existence is a scalar subquery (one primary-key probe per entry), never a join the planner
        -- could turn into a scan of the whole journal.
        SELECT x.entry_id, x.s, x.n, x.known INTO bad
          FROM (SELECT g.entry_id, g.s, g.n, coalesce((SELECT true FROM journal_entries j WHERE j.id = g.entry_id), false) AS known
                  FROM (SELECT entry_id, sum(amount) AS s, count(*) AS n FROM new_postings GROUP BY entry_id) g) x
         WHERE x.s <> 0 OR x.n < 2 OR NOT x.known LIMIT 1;
        IF FOUND AND NOT bad.known THEN
          RAISE EXCEPTION 'posting to unknown journal entry %', bad.entry_id USING ERRCODE = '23503';
        END IF;
        IF FOUND THEN
          RAISE EXCEPTION 'journal entry % is unbalanced (sum %, % postings)', bad.entry_id, bad.s, bad.n USING ERRCODE = '23514';
        END IF;
        RETURN NULL;
      END $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE OR REPLACE FUNCTION ledger_entry_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE bad record;
      BEGIN
        SELECT t.entry_id, x.s, x.n INTO bad
          FROM (SELECT DISTINCT entry_id FROM new_postings) t,
               LATERAL (SELECT coalesce(sum(p.amount), 0) AS s, count(*) AS n FROM postings p WHERE p.entry_id = t.entry_id) x
         WHERE x.s <> 0 OR x.n < 2 LIMIT 1;
        IF FOUND THEN
          RAISE EXCEPTION 'journal entry % is unbalanced (sum %, % postings)', bad.entry_id, bad.s, bad.n USING ERRCODE = '23514';
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`ALTER TABLE postings ADD CONSTRAINT postings_entry_id_fkey FOREIGN KEY (entry_id) REFERENCES journal_entries (id)`);
    await q.query(`ALTER TABLE account_balances RESET (fillfactor)`);
    await q.query(`DROP INDEX settlement_lines_pending_line_idx`);
    await q.query(`CREATE INDEX settlement_lines_run_status_idx ON settlement_lines (run_id, status, is_successful, line_no)`);
    await q.query(`CREATE INDEX settlement_lines_date_idx ON settlement_lines (settlement_date)`);
    await q.query(`CREATE INDEX challenges_user_status_idx ON challenges (user_id, status, created_at DESC)`);
    await q.query(`CREATE INDEX postings_account_created_idx ON postings (account, created_at)`);
    await q.query(`DROP INDEX journal_entries_pool_user_idx`);
    await q.query(`CREATE INDEX journal_entries_reason_idx ON journal_entries (reason)`);
    await q.query(`CREATE INDEX journal_entries_created_at_idx ON journal_entries (created_at)`);
  }
}
