import { createHash, randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/config/typeorm.options.js';
import { migrations } from '../../src/database/migrations/index.js';
import { contentHash, GENESIS_HASH, postingHash } from '../../src/modules/wallet/domain/journal.js';

/**
 * The migration to the keyed chain re-chains a ledger written by the previous release (unkeyed SHA-256 chain)
 * with LEDGER_HMAC_KEY, after checking the old chain; a broken old chain stops it. On a database of its own.
 */
describe('migration to the keyed ledger chain', () => {
  const KEY = 'rekey-test-key-0123456789abcdef0123456789abcdef';
  const CUT = 1763801200000;
  const admin = process.env.TEST_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const created: string[] = [];
  let savedKey: string | undefined;
  beforeAll(() => {
    savedKey = process.env.LEDGER_HMAC_KEY;
    process.env.LEDGER_HMAC_KEY = KEY;
  });
  afterAll(async () => {
    if (savedKey === undefined) delete process.env.LEDGER_HMAC_KEY;
    else process.env.LEDGER_HMAC_KEY = savedKey;
    const c = new Client({ connectionString: admin });
    await c.connect();
    for (const name of created) await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  });

  const stamp = (m: { name?: string }) => Number(/(\d{13})$/.exec(m.name ?? '')?.[1] ?? 0);
  const before = migrations.filter((m) => stamp(new m()) < CUT);

  /** A database migrated to the release before the keyed chain. */
  async function previousRelease(): Promise<{ url: string; ds: DataSource }> {
    const name = `wakestake_rekey_${process.pid}_${Date.now().toString(36)}_${created.length}`;
    const c = new Client({ connectionString: admin });
    await c.connect();
    await c.query(`CREATE DATABASE ${name}`);
    await c.end();
    created.push(name);
    const url = new URL(admin);
    url.pathname = `/${name}`;
    const ds = new DataSource({ ...dataSourceOptions(url.toString()), migrations: before, extra: { max: 2 } } as never);
    await ds.initialize();
    await ds.runMigrations({ transaction: 'each' });
    return { url: url.toString(), ds };
  }

  /** Deposits as the previous release wrote them: the chain hash = sha256(prev|entry|account|amount|seq|key), in SQL. */
  async function legacyDeposit(ds: DataSource, wallet: string, world: string, amount: bigint): Promise<void> {
    const id = randomUUID();
    const key = `legacy:${id}`;
    const postings = [
      { account: wallet, amount },
      { account: world, amount: -amount },
    ];
    await ds.query(
      `INSERT INTO journal_entries (id, idempotency_key, reason, correlation_type, correlation_id, metadata, content_hash, created_at) VALUES ($1, $2, 'ADJUSTMENT', 'adjustment', $2, '{}', $3, now())`,
      [id, key, contentHash({ reason: 'ADJUSTMENT', correlation: { type: 'adjustment', id: key }, postings })],
    );
    const WRITE = `
      WITH u AS (
        INSERT INTO account_balances AS b (account, kind, balance, version, prev_hash, head_hash, updated_at)
        SELECT v.account, v.kind, v.delta, 1, '${GENESIS_HASH}',
               encode(sha256(convert_to('${GENESIS_HASH}|' || $1::text || '|' || v.account || '|' || v.delta::text || '|1|' || $2::text, 'UTF8')), 'hex'), now()
          FROM unnest($3::text[], $4::text[], $5::bigint[]) AS v(account, kind, delta)
        ON CONFLICT (account) DO UPDATE SET balance = b.balance + excluded.balance, version = b.version + 1, prev_hash = b.head_hash,
           head_hash = encode(sha256(convert_to(b.head_hash || '|' || $1::text || '|' || b.account || '|' || excluded.balance::text || '|' || (b.version + 1)::text || '|' || $2::text, 'UTF8')), 'hex')
        RETURNING b.account, b.version, b.prev_hash, b.head_hash
      )
      INSERT INTO postings (entry_id, account, amount, seq, prev_hash, hash, created_at)
      SELECT $1::uuid, u.account, v.delta, u.version, u.prev_hash, u.head_hash, now() FROM u JOIN unnest($3::text[], $5::bigint[]) AS v(account, delta) ON v.account = u.account`;
    await ds.query(WRITE, [
      id,
      key,
      postings.map((p) => p.account),
      postings.map((p) => (p.account.startsWith('user:') ? 'user_wallet' : 'world')),
      postings.map((p) => p.amount.toString()),
    ]);
  }

  it('re-chains every posting with the key, from the checked old chain, and moves each projection head with it', async () => {
    const { url, ds } = await previousRelease();
    const wallets = [`user:${randomUUID()}:wallet`, `user:${randomUUID()}:wallet`];
    for (let i = 0; i < 7; i++) await legacyDeposit(ds, wallets[i % 2], 'world:3', BigInt(100 * (i + 1)));
    await ds.destroy();

    const all = new DataSource({ ...dataSourceOptions(url), extra: { max: 2 } } as never);
    await all.initialize();
    try {
      const ran = await all.runMigrations({ transaction: 'each' });
      expect(ran.map((m) => m.name)).toContain('KeyedLedgerChain1763801200000');
      const rows = (await all.query(
        `SELECT p.entry_id::text, p.account, p.amount::text, p.seq::text, p.prev_hash, p.hash, j.idempotency_key, j.content_hash
           FROM postings p JOIN journal_entries j ON j.id = p.entry_id ORDER BY p.account, p.seq`,
      )) as {
        entry_id: string;
        account: string;
        amount: string;
        seq: string;
        prev_hash: string;
        hash: string;
        idempotency_key: string;
        content_hash: string;
      }[];
      expect(rows).toHaveLength(14);
      const heads = new Map<string, string>();
      for (const r of rows) {
        expect(r.prev_hash).toBe(heads.get(r.account) ?? GENESIS_HASH);
        expect(r.hash).toBe(
          postingHash(KEY, {
            prevHash: r.prev_hash,
            entryId: r.entry_id,
            account: r.account,
            amount: BigInt(r.amount),
            seq: BigInt(r.seq),
            idempotencyKey: r.idempotency_key,
            contentHash: r.content_hash,
          }),
        );
        heads.set(r.account, r.hash);
      }
      const projections = (await all.query(`SELECT account, head_hash FROM account_balances`)) as { account: string; head_hash: string }[];
      expect(new Map(projections.map((p) => [p.account, p.head_hash]))).toEqual(heads);
      // the trigger that keeps postings append-only is back on
      expect(await all.query(`SELECT 1 FROM pg_trigger WHERE tgname = 'postings_append_only' AND tgenabled = 'O'`)).toHaveLength(1);
    } finally {
      await all.destroy();
    }
  });

  it('stops, naming the account, when the old chain was already broken (re-keying never launders an edit)', async () => {
    const { url, ds } = await previousRelease();
    const wallet = `user:${randomUUID()}:wallet`;
    await legacyDeposit(ds, wallet, 'world:5', 500n);
    await legacyDeposit(ds, wallet, 'world:5', 700n);
    await ds.transaction(async (m) => {
      await m.query(`SET LOCAL session_replication_role = replica`);
      await m.query(`UPDATE postings SET amount = 9700 WHERE account = $1 AND seq = 2`, [wallet]);
    });
    await ds.destroy();

    const all = new DataSource({ ...dataSourceOptions(url), extra: { max: 2 } } as never);
    await all.initialize();
    try {
      await expect(all.runMigrations({ transaction: 'each' })).rejects.toThrow(`ledger chain of ${wallet} is broken at posting 2`);
      const [first] = (await all.query(
        `SELECT p.entry_id::text, p.amount::text, p.hash, j.idempotency_key FROM postings p JOIN journal_entries j ON j.id = p.entry_id WHERE p.account = $1 AND p.seq = 1`,
        [wallet],
      )) as { entry_id: string; amount: string; hash: string; idempotency_key: string }[];
      // nothing was re-chained (the migration's transaction rolled back): the first posting keeps its old, unkeyed hash
      expect(first.hash).toBe(
        createHash('sha256').update([GENESIS_HASH, first.entry_id, wallet, first.amount, '1', first.idempotency_key].join('|')).digest('hex'),
      );
      expect(await all.query(`SELECT 1 FROM migrations WHERE name = 'KeyedLedgerChain1763801200000'`)).toEqual([]);
    } finally {
      await all.destroy();
    }
  });
});
