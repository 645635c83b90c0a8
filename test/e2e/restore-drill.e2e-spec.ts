import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { runMigrations } from '../../src/database/migrate.js';
import { userWallet } from '../../src/modules/wallet/domain/accounts.js';
import { LedgerService } from '../../src/modules/wallet/infrastructure/ledger.service.js';
import { createUser, fund } from '../factories/wallet.js';
import { expectLedgerConsistent } from '../setup/ledger-invariants.js';
import { createTestApp, TestApp } from '../setup/test-app.js';

// scripts/restore-drill.mjs against a database of its own on the run's server (named after the run's database), so
// entries other test files wrote (some on purpose with other secrets or a broken chain) cannot decide its outcome.
const root = join(__dirname, '..', '..');
const script = join(root, 'scripts', 'restore-drill.mjs');
const cli = join(root, 'dist', 'src', 'cli.js');

interface Figures {
  ok: boolean;
  source?: string;
  database: string;
  dumpBytes: number;
  dumpSeconds: number | null;
  restoreSeconds: number;
  verifySeconds: number;
  entriesVerified: number | null;
  rows: Record<string, number>;
  tamperedAccount?: string;
  verifyOutput: string[];
  kept: boolean;
}

// Each drill boots the compiled CLI once (a few seconds; more on a loaded machine), and a stale dist is rebuilt first.
jest.setTimeout(180_000);

describe('restore drill', () => {
  let t: TestApp;
  let sourceUrl: string;
  let sourceName: string;
  let adminUrl: string;
  let drillEnv: NodeJS.ProcessEnv;
  const work = mkdtempSync(join(tmpdir(), 'wakestake-drill-test-'));

  const admin = async <T>(fn: (c: Client) => Promise<T>): Promise<T> => {
    const c = new Client({ connectionString: adminUrl });
    await c.connect();
    try {
      return await fn(c);
    } finally {
      await c.end();
    }
  };
  const databaseExists = (name: string) => admin(async (c) => (await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1);
  const drill = (...args: string[]) => spawnSync(process.execPath, [script, ...args], { cwd: root, encoding: 'utf8', env: drillEnv });

  beforeAll(async () => {
    // The drill verifies with the compiled CLI: build it when dist is missing or older than src (npm test builds first).
    const built = spawnSync(process.execPath, [join(root, 'scripts', 'ensure-built.mjs')], { cwd: root, encoding: 'utf8' });
    if (built.status !== 0 || !existsSync(cli)) throw new Error(`could not build ${cli}: ${built.stderr}`);
    const runUrl = new URL(process.env.DATABASE_URL!);
    sourceName = `${process.env.TEST_DATABASE_NAME}_drillsrc`;
    runUrl.pathname = '/postgres';
    adminUrl = runUrl.toString();
    await admin((c) => c.query(`CREATE DATABASE ${sourceName}`));
    runUrl.pathname = `/${sourceName}`;
    sourceUrl = runUrl.toString();
    await runMigrations(sourceUrl);
    t = await createTestApp({ env: { DATABASE_URL: sourceUrl } });

    // A few ledger entries: three users funded, one of them twice, and a move between two wallets.
    const users = [await createUser(t), await createUser(t), await createUser(t)];
    for (const [i, u] of users.entries()) await fund(t, u.id, BigInt(10_000 * (i + 1)));
    await fund(t, users[0].id, 2_500n);
    await t.app.get(LedgerService).post({
      idempotencyKey: `drill-test-move:${users[0].id}`,
      reason: 'ADJUSTMENT',
      correlation: { type: 'adjustment', id: users[0].id },
      postings: [
        { account: userWallet(users[0].id), amount: -1_000n },
        { account: userWallet(users[1].id), amount: 1_000n },
      ],
      metadata: { test: true },
    });

    // The drill's verify must use the writer's ledger key and JWT secret (the chain is keyed).
    drillEnv = {
      ...process.env,
      DATABASE_URL: sourceUrl,
      NODE_ENV: 'test',
      JWT_SECRET: t.config.jwtSecret,
      LEDGER_HMAC_KEY: t.config.ledgerHmacKey,
      TEST_MODE: 'true',
      LOG_LEVEL: 'warn',
    };
  }, 300_000);

  afterAll(async () => {
    await t?.close();
    if (sourceName) await admin((c) => c.query(`DROP DATABASE IF EXISTS ${sourceName} WITH (FORCE)`));
    rmSync(work, { recursive: true, force: true });
  });

  it('dumps the database, restores it into a new database, verifies its ledger there, prints its figures and drops the copy', async () => {
    const ds = t.app.get(DataSource);
    const [{ n: entries }] = (await ds.query('SELECT count(*)::int AS n FROM journal_entries')) as { n: number }[];
    const [{ n: postings }] = (await ds.query('SELECT count(*)::int AS n FROM postings')) as { n: number }[];
    expect(entries).toBeGreaterThanOrEqual(5);

    const res = drill();
    process.stdout.write(`\n${res.stdout}`);
    expect(res.stderr).not.toMatch(/could not run/);
    expect(res.status).toBe(0);
    expect(res.stdout).toContain(`source    ${sourceName} (PostgreSQL `);
    expect(res.stdout).toMatch(/dump\s+[\d.]+ kB custom format in [\d.]+ s/);
    const restoredInto = /restore\s+into (\S+_drill_\S+) in [\d.]+ s/.exec(res.stdout)?.[1];
    expect(restoredInto).toBeTruthy();
    expect(res.stdout).toContain(`rows      journal_entries ${entries}, postings ${postings},`);
    expect(res.stdout).toMatch(new RegExp(`verify\\s+[\\d.]+ s: ledger OK: ${entries} entries`));
    expect(res.stdout).toContain(`restore drill OK: ${entries} journal entries verified`);
    expect(res.stdout).toContain('drill database dropped');
    expect(await databaseExists(restoredInto!)).toBe(false);
  });

  it('reports a restored copy whose balance projection was tampered with, and leaves the source alone', async () => {
    const res = drill('--json', '--tamper-projection');
    expect(res.stderr).not.toMatch(/could not run/);
    expect(res.status).toBe(1);
    const f = JSON.parse(res.stdout) as Figures;
    expect(f.ok).toBe(false);
    expect(f.tamperedAccount).toBeTruthy();
    expect(f.verifyOutput.join('\n')).toContain(`ledger verification FAILED: account ${f.tamperedAccount}: projection`);
    expect(await databaseExists(f.database)).toBe(false);
    await expectLedgerConsistent(t.app);
    // The verify's queues lived under a prefix of their own, removed afterwards.
    const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    try {
      expect(await redis.keys(`${process.env.BULLMQ_PREFIX}-restore-drill:*`)).toEqual([]);
    } finally {
      redis.disconnect();
    }
  });

  it('drills an existing backup file, and keeps the copy when asked', async () => {
    const file = join(work, 'nightly.dump');
    const dump = spawnSync('pg_dump', ['--format=custom', `--file=${file}`, `--dbname=${sourceUrl}`], { encoding: 'utf8' });
    expect(dump.status).toBe(0);
    const res = drill('--json', '--dump', file, '--keep');
    const f = JSON.parse(res.stdout) as Figures;
    try {
      expect(res.status).toBe(0);
      expect(f.ok).toBe(true);
      expect(f.dumpSeconds).toBeNull();
      expect(f.entriesVerified).toBe(f.rows.journal_entries);
      expect(f.kept).toBe(true);
      expect(await databaseExists(f.database)).toBe(true);
    } finally {
      await admin((c) => c.query(`DROP DATABASE IF EXISTS ${f.database} WITH (FORCE)`));
    }
  });

  it('fails with exit 2 and a reason when the backup cannot be restored, leaving no drill database behind', async () => {
    const file = join(work, 'garbage.dump');
    writeFileSync(file, 'this is not a pg_dump archive');
    const before = await admin(
      async (c) => (await c.query(`SELECT count(*)::int AS n FROM pg_database WHERE datname LIKE 'backup_drill_%'`)).rows[0].n as number,
    );
    const res = drill('--dump', file);
    expect(res.status).toBe(2);
    expect(res.stderr).toMatch(/restore drill could not run: pg_restore failed/);
    const after = await admin(
      async (c) => (await c.query(`SELECT count(*)::int AS n FROM pg_database WHERE datname LIKE 'backup_drill_%'`)).rows[0].n as number,
    );
    expect(after).toBe(before);
  });
});
