import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Tables of the wallet module: the append-only double-entry journal, its postings (hash-chained per account),
 * the balance projection, deposits, webhook events, withdrawals and notifications (the support access log lives in the support migration).
 */
export class Wallet1763800200000 implements MigrationInterface {
  name = 'Wallet1763800200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE journal_entries (
        id uuid PRIMARY KEY,
        idempotency_key varchar(200) NOT NULL,
        reason varchar(64) NOT NULL,
        correlation_type varchar(32) NOT NULL,
        correlation_id varchar(200) NOT NULL,
        metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
        content_hash char(64) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT journal_entries_idempotency_key_key UNIQUE (idempotency_key)
      )`);
    await q.query(`CREATE INDEX journal_entries_correlation_idx ON journal_entries (correlation_type, correlation_id)`);
    await q.query(`CREATE INDEX journal_entries_created_at_idx ON journal_entries (created_at)`);
    await q.query(`CREATE INDEX journal_entries_reason_idx ON journal_entries (reason)`);

    await q.query(`
      CREATE TABLE postings (
        entry_id uuid NOT NULL REFERENCES journal_entries (id),
        account varchar(200) NOT NULL,
        amount bigint NOT NULL CHECK (amount <> 0),
        seq bigint NOT NULL CHECK (seq > 0),
        prev_hash char(64) NOT NULL,
        hash char(64) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT postings_account_seq_key PRIMARY KEY (account, seq)
      )`);
    await q.query(`CREATE INDEX postings_entry_idx ON postings (entry_id)`);
    await q.query(`CREATE INDEX postings_account_created_idx ON postings (account, created_at)`);

    // The projection: one row per account. version = number of postings on the account (= its last seq);
    // head_hash = hash of its last posting, prev_hash = the one before (returned by the posting UPDATE).
    await q.query(`
      CREATE TABLE account_balances (
        account varchar(200) PRIMARY KEY,
        kind varchar(32) NOT NULL,
        balance bigint NOT NULL DEFAULT 0,
        version bigint NOT NULL DEFAULT 0,
        head_hash char(64) NOT NULL DEFAULT '${'0'.repeat(64)}',
        prev_hash char(64) NOT NULL DEFAULT '${'0'.repeat(64)}',
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT account_balances_user_wallet_non_negative CHECK (balance >= 0 OR account = 'world' OR account NOT LIKE 'user:%')
      )`);
    await q.query(`CREATE INDEX account_balances_kind_idx ON account_balances (kind)`);

    // Append-only, enforced by the database.
    await q.query(`
      CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'ledger table % is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'P0001';
      END $$`);
    for (const table of ['journal_entries', 'postings']) {
      await q.query(`CREATE TRIGGER ${table}_append_only BEFORE UPDATE OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION ledger_append_only()`);
      await q.query(`CREATE TRIGGER ${table}_no_truncate BEFORE TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only()`);
    }

    // Every entry's postings sum to zero (and there are at least two), checked once per INSERT statement over the
    // entries it touched (a transition table: one set-based query per statement, not one query per posting row;
    // the ledger writes all postings of an entry in one statement, and a later posting to an old entry is checked
    // against the entry's full sum).
    await q.query(`
      CREATE FUNCTION ledger_entry_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
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
    await q.query(`
      CREATE TRIGGER postings_entry_balanced AFTER INSERT ON postings
      REFERENCING NEW TABLE AS new_postings FOR EACH STATEMENT EXECUTE FUNCTION ledger_entry_balanced()`);

    await q.query(`
      CREATE TABLE deposits (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        amount bigint NOT NULL CHECK (amount > 0),
        currency char(3) NOT NULL DEFAULT 'INR',
        provider varchar(16) NOT NULL,
        order_id varchar(64) NOT NULL UNIQUE,
        payment_id varchar(64),
        status varchar(16) NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'SUCCESS', 'FAILED')),
        confirmed_by varchar(16),
        entry_id uuid,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX deposits_user_created_idx ON deposits (user_id, created_at)`);
    await q.query(`CREATE INDEX deposits_status_idx ON deposits (status)`);
    await q.query(`CREATE INDEX deposits_payment_idx ON deposits (payment_id)`);

    await q.query(`
      CREATE TABLE sandbox_payments (
        payment_id varchar(64) PRIMARY KEY,
        order_id varchar(64) NOT NULL,
        amount bigint NOT NULL,
        status varchar(16) NOT NULL DEFAULT 'captured',
        created_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX sandbox_payments_order_idx ON sandbox_payments (order_id)`);

    await q.query(`
      CREATE TABLE webhook_events (
        provider varchar(16) NOT NULL,
        event_id varchar(128) NOT NULL,
        event_type varchar(64) NOT NULL,
        payload jsonb NOT NULL,
        outcome varchar(64),
        received_at timestamptz NOT NULL,
        PRIMARY KEY (provider, event_id)
      )`);
    await q.query(`CREATE INDEX webhook_events_received_idx ON webhook_events (received_at)`);

    await q.query(`
      CREATE TABLE withdrawals (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        amount bigint NOT NULL CHECK (amount > 0),
        fee bigint NOT NULL CHECK (fee >= 0),
        net_amount bigint NOT NULL CHECK (net_amount > 0 AND net_amount + fee = amount),
        method varchar(16) NOT NULL CHECK (method IN ('UPI', 'BANK_TRANSFER')),
        upi_id varchar(100),
        bank_account_number varchar(18),
        bank_account_last4 varchar(4),
        ifsc_code varchar(11),
        account_holder_name varchar(100),
        bank_name varchar(100),
        status varchar(16) NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'SUCCESS', 'FAILED')),
        failure_reason varchar(200),
        provider_reference varchar(100),
        hold_entry_id uuid,
        settle_entry_id uuid,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        completed_at timestamptz
      )`);
    await q.query(`CREATE INDEX withdrawals_user_created_idx ON withdrawals (user_id, created_at)`);
    await q.query(`CREATE INDEX withdrawals_status_idx ON withdrawals (status)`);

    await q.query(`
      CREATE TABLE notifications (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        type varchar(32) NOT NULL,
        title varchar(200) NOT NULL,
        message varchar(1000) NOT NULL,
        data jsonb NOT NULL DEFAULT '{}'::jsonb,
        dedupe_key varchar(200),
        is_read boolean NOT NULL DEFAULT false,
        read_at timestamptz,
        created_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE UNIQUE INDEX notifications_dedupe_key ON notifications (dedupe_key) WHERE dedupe_key IS NOT NULL`);
    await q.query(`CREATE INDEX notifications_user_created_idx ON notifications (user_id, created_at)`);
    await q.query(`CREATE INDEX notifications_user_unread_idx ON notifications (user_id) WHERE NOT is_read`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS notifications, withdrawals, webhook_events, sandbox_payments, deposits`);
    await q.query(`DROP TABLE IF EXISTS postings, journal_entries, account_balances`);
    await q.query(`DROP FUNCTION IF EXISTS ledger_entry_balanced(), ledger_append_only()`);
  }
}
