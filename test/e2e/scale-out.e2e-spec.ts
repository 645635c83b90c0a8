import { Job, Queue, QueueEvents } from 'bullmq';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { loadavg } from 'node:os';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { addDays, zonedParts } from '../../src/common/time.js';
import { redisOptionsFromUrl } from '../../src/config/redis-options.js';
import { runMigrations } from '../../src/database/migrate.js';
import { computeSplit } from '../../src/modules/settlement/domain/split.js';
import { SETTLE_JOB_OPTIONS, SETTLEMENT_QUEUE, SettlementJob, settleJobId, userRange } from '../../src/modules/settlement/settlement.constants.js';
import { ApiProcess, startApiProcess } from '../setup/api-process.js';
import { expectLedgerConsistent } from '../setup/ledger-invariants.js';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { startWorkerProcess, WorkerProcess } from '../setup/worker-process.js';
import { rupees, seedDay } from './settlement-seed.js';

/**
 * Scale out, measured: two api processes and three worker processes (the compiled dist/, as production runs them) on
 * one PostgreSQL database and one Redis. A day of traffic goes through both apis alternately (sign-up, profile,
 * sandbox deposit, challenge, check-in, reads), a bulk of the day is seeded beside it, then the day is settled through
 * the queue in parts. Each process connects with its own PostgreSQL application_name, and a trigger of this test's
 * database records which process moved each challenge to PROCESSED: every challenge must move exactly once, and more
 * than one worker process must have settled parts. Figures are printed, not judged.
 */
const APIS = 2;
const WORKERS = 3;
const PARTS = 6;
const API_USERS = 60;
const SEEDED = 600;
const FLOWS = 6; // users in flight at once

interface Flow {
  i: number;
  token: string;
  userId: string;
  challengeId: string;
  stake: number;
  /** on time, late (after the window), missed (never checked in) */
  plan: 'ON_TIME' | 'LATE' | 'MISSED';
}

describe('scale-out: 2 api and 3 worker processes on one PostgreSQL and Redis', () => {
  const dbName = `${process.env.TEST_DATABASE_NAME ?? `wakestake_test_${process.pid}`}_scale`;
  const admin = process.env.TEST_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const prefix = `${process.env.BULLMQ_PREFIX ?? 'wakestake-test'}-scale`;
  const dbUrl = (app: string) => {
    const u = new URL(admin);
    u.pathname = `/${dbName}`;
    u.searchParams.set('application_name', app);
    return u.toString();
  };
  const tmp = mkdtempSync(join(tmpdir(), 'wakestake-scale-'));
  const common = {
    BULLMQ_PREFIX: prefix,
    TEST_MODE: 'true',
    AUTH_RATE_LIMIT: '1000000',
    AUTH_RATE_LIMIT_IP: '1000000',
    MAIL_DIR: join(tmp, 'mail'),
    UPLOADS_DIR: join(tmp, 'uploads'),
    SETTLEMENT_PARTS: String(PARTS),
    SETTLEMENT_CHUNK_SIZE: '50',
    DB_POOL_SIZE: '5',
  };

  const apis: ApiProcess[] = [];
  const workers: WorkerProcess[] = [];
  let t: TestApp;
  let ds: DataSource;
  let queue: Queue;
  let events: QueueEvents;
  const DATE = addDays(zonedParts(new Date(), 'Asia/Kolkata').date, 1);
  const flows: Flow[] = [];

  beforeAll(async () => {
    const a = new Client({ connectionString: admin });
    await a.connect();
    await a.query(`DROP DATABASE IF EXISTS ${dbName}`);
    await a.query(`CREATE DATABASE ${dbName}`);
    await a.end();
    await runMigrations(dbUrl('scale-migrate'));

    const t0 = performance.now();
    // Each process is kept as soon as it is up, and every start is waited for before a failure is thrown, so afterAll
    // stops them all even when one failed to start (with Promise.all, a process that came up later was left running).
    const started = await Promise.allSettled([
      ...Array.from({ length: APIS }, async (_, k) => apis.push(await startApiProcess({ ...common, DATABASE_URL: dbUrl(`scale-api-${k + 1}`) }, 150_000))),
      ...Array.from({ length: WORKERS }, async (_, k) =>
        workers.push(await startWorkerProcess({ ...common, DATABASE_URL: dbUrl(`scale-worker-${k + 1}`) }, 150_000)),
      ),
    ]);
    const failed = started.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    console.log(
      `scale-out: ${APIS} api + ${WORKERS} worker processes started in ${((performance.now() - t0) / 1000).toFixed(1)} s (load average ${loadavg()[0].toFixed(1)} on this machine)`,
    );

    // The test's own process: seeding the bulk through the command bus and checking the ledger.
    t = await createTestApp({ env: { ...common, DATABASE_URL: dbUrl('scale-test') } });
    ds = t.app.get(DataSource);
    // Which process moved which challenge to PROCESSED (rolled back with its transaction, so only what committed).
    await ds.query(`CREATE TABLE scale_processed (app text NOT NULL, challenge_id uuid NOT NULL)`);
    await ds.query(`CREATE FUNCTION scale_trace() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN INSERT INTO scale_processed VALUES (current_setting('application_name'), NEW.id); RETURN NEW; END $$`);
    await ds.query(`CREATE TRIGGER scale_trace AFTER UPDATE OF status ON challenges FOR EACH ROW
      WHEN (NEW.status = 'PROCESSED' AND OLD.status IS DISTINCT FROM 'PROCESSED') EXECUTE FUNCTION scale_trace()`);

    const connection = redisOptionsFromUrl(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    queue = new Queue(SETTLEMENT_QUEUE, { connection, prefix });
    events = new QueueEvents(SETTLEMENT_QUEUE, { connection, prefix });
    await events.waitUntilReady();
  }, 300_000);

  afterAll(async () => {
    await queue?.close();
    await events?.close();
    await t?.close();
    await Promise.all([...apis.map((p) => p.stop()), ...workers.map((w) => w.stop())]);
    // The run's own Redis keys (queues, rate limits) go with it.
    const r = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
    let cursor = '0';
    do {
      const [next, keys] = await r.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      if (keys.length) await r.del(...keys);
      cursor = next;
    } while (cursor !== '0');
    r.disconnect();
    const a = new Client({ connectionString: admin });
    await a.connect();
    await a.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [dbName]);
    await a.query(`DROP DATABASE IF EXISTS ${dbName}`);
    await a.end();
  }, 60_000);

  const served = [0, 0];
  let requests = 0;
  /** One request to api k; any status other than `expected` fails with the answer in the message. */
  async function call(k: number, method: string, path: string, expected: number, body?: unknown, token?: string): Promise<any> {
    const api = apis[k % APIS];
    const res = await fetch(`${api.url}/api/v1${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    served[k % APIS]++;
    requests++;
    const text = await res.text();
    if (res.status !== expected) throw new Error(`${method} ${path} on api ${(k % APIS) + 1}: ${res.status}, expected ${expected}: ${text}`);
    return text ? JSON.parse(text) : null;
  }

  async function inFlows<T>(items: T[], fn: (item: T) => Promise<void>): Promise<void> {
    let next = 0;
    await Promise.all(
      Array.from({ length: FLOWS }, async () => {
        while (next < items.length) await fn(items[next++]);
      }),
    );
  }

  it('serves a day of traffic through both apis alternately: sign-up, deposit, challenge, check-in, reads', async () => {
    const t0 = performance.now();
    // Every user's consecutive requests alternate between the two apis: a token, an order or a challenge made on one is used on the other.
    await inFlows(
      Array.from({ length: API_USERS }, (_, i) => i),
      async (i) => {
        let k = i;
        const email = `scale-${i}-${randomUUID().slice(0, 8)}@test.local`;
        const reg = await call(k++, 'POST', '/auth/register', 201, { email, password: 'correct-horse-battery', fullName: `Scale User ${i}` });
        await call(k++, 'PUT', '/auth/profile', 200, { dateOfBirth: '1994-05-17' }, reg.token);
        const order = (await call(k++, 'POST', '/wallet/deposit', 201, { amount: 500 }, reg.token)).data;
        const paid = await call(k++, 'POST', '/wallet/sandbox/checkout', 200, { orderId: order.orderId }, reg.token);
        await call(
          k++,
          'POST',
          '/wallet/verify-payment',
          200,
          { orderId: order.orderId, paymentId: paid.razorpay_payment_id, signature: paid.razorpay_signature },
          reg.token,
        );
        const stake = 10 + ((i * 37) % 91);
        const created = await call(k++, 'POST', '/challenges', 201, { challengeDate: DATE, wakeUpTime: '06:00', forfeitAmount: stake }, reg.token);
        flows.push({
          i,
          token: reg.token,
          userId: reg.userId,
          challengeId: created.challenge.id,
          stake,
          plan: (['ON_TIME', 'LATE', 'MISSED'] as const)[i % 3],
        });
      },
    );
    const signUpSeconds = (performance.now() - t0) / 1000;
    expect(flows).toHaveLength(API_USERS);

    // The check-in morning, moved to now: on-time windows open around now, late and missed ones closed a quarter hour ago.
    const ids = (plan: Flow['plan']) => flows.filter((f) => f.plan === plan).map((f) => f.challengeId);
    await ds.query(
      `UPDATE challenges SET window_opens_at = now() - interval '5 minutes', window_closes_at = now() + interval '20 minutes' WHERE id = ANY($1::uuid[])`,
      [ids('ON_TIME')],
    );
    await ds.query(
      `UPDATE challenges SET window_opens_at = now() - interval '40 minutes', window_closes_at = now() - interval '15 minutes' WHERE id = ANY($1::uuid[]) OR id = ANY($2::uuid[])`,
      [ids('LATE'), ids('MISSED')],
    );

    const t1 = performance.now();
    await inFlows(flows, async (f) => {
      let k = f.i + 1;
      if (f.plan !== 'MISSED') {
        const res = await call(k++, 'POST', '/challenges/verify', 200, { challengeId: f.challengeId, verificationMethod: 'MANUAL' }, f.token);
        expect(res.data.isSuccessful).toBe(f.plan === 'ON_TIME');
      }
      const balance = await call(k++, 'GET', '/wallet/balance', 200, undefined, f.token);
      expect(balance.data.balance).toBe(500 - f.stake);
      const list = await call(k++, 'GET', '/challenges', 200, undefined, f.token);
      expect(list.challenges.map((c: { id: string }) => c.id)).toEqual([f.challengeId]);
    });
    const seconds = signUpSeconds + (performance.now() - t1) / 1000;
    console.log(
      `scale-out traffic: ${requests} requests from ${API_USERS} users (${FLOWS} at a time) in ${seconds.toFixed(1)} s = ${(requests / seconds).toFixed(0)} requests/s ` +
        `through ${APIS} apis (api 1 served ${served[0]}, api 2 served ${served[1]}); sign-up with argon2 to staked challenge took ${signUpSeconds.toFixed(1)} s (load average ${loadavg()[0].toFixed(1)})`,
    );
    expect(Math.min(...served)).toBeGreaterThanOrEqual(Math.floor(requests / 2) - API_USERS);
  }, 120_000);

  it('settles the day once, in parts shared by the worker processes, every wallet paid exactly', async () => {
    expect(flows).toHaveLength(API_USERS);
    // The bulk of the day beside the api traffic: winners and late check-ins, stakes ₹10–₹100.
    await seedDay(
      t.app,
      DATE,
      Array.from({ length: SEEDED }, (_, i) => ({ stake: rupees(10 + ((i * 53) % 91)), ok: i % 5 < 3 })),
    );

    // The expected payout of every challenge from the split rule itself, over the day as stored (missed = failed).
    const day: { id: string; user_id: string; stake: string; ok: boolean; created_at: Date }[] = await ds.query(
      `SELECT id, user_id, stake::text, coalesce(is_successful, false) AS ok, created_at FROM challenges WHERE challenge_date = $1 AND status <> 'CANCELLED'`,
      [DATE],
    );
    expect(day).toHaveLength(API_USERS + SEEDED);
    const split = computeSplit(day.map((c) => ({ id: c.id, userId: c.user_id, stake: BigInt(c.stake), isSuccessful: c.ok, createdAt: c.created_at })));
    const wallets = async (): Promise<Map<string, bigint>> =>
      new Map(
        (
          await ds.query(`SELECT account, balance::text FROM account_balances WHERE account = ANY($1::text[])`, [day.map((c) => `user:${c.user_id}:wallet`)])
        ).map((r: { account: string; balance: string }) => [r.account.split(':')[1], BigInt(r.balance)]),
      );
    const before = await wallets();

    const t0 = performance.now();
    const job: Job = await queue.add(SettlementJob.SETTLE_DATE, { date: DATE }, { ...SETTLE_JOB_OPTIONS, jobId: settleJobId(DATE) });
    const result = await job.waitUntilFinished(events, 120_000);
    const settleSeconds = (performance.now() - t0) / 1000;
    expect(result).toMatchObject({ date: DATE, linesPaid: API_USERS + SEEDED });
    expect(result.batches).toEqual([
      expect.objectContaining({
        status: 'SETTLED',
        participants: API_USERS + SEEDED,
        successes: split.totals.successes,
        pool: String(split.totals.pool),
        moneyIn: String(split.totals.moneyIn),
        moneyOut: String(split.totals.moneyOut),
      }),
    ]);

    // Every challenge PROCESSED, and moved there exactly once, by a worker process.
    const moved: { challenge_id: string; app: string; user_id: string; ok: boolean }[] = await ds.query(
      `SELECT p.challenge_id, p.app, c.user_id, c.is_successful AS ok FROM scale_processed p JOIN challenges c ON c.id = p.challenge_id`,
    );
    expect(moved.map((m) => m.challenge_id).sort()).toEqual(day.map((c) => c.id).sort());
    expect(moved.every((m) => /^scale-worker-\d$/.test(m.app))).toBe(true);
    const statuses = await ds.query(`SELECT status, count(*)::int AS n FROM challenges WHERE challenge_date = $1 GROUP BY 1`, [DATE]);
    expect(statuses).toEqual([{ status: 'PROCESSED', n: API_USERS + SEEDED }]);

    // Each wallet received exactly its payout by the rule.
    const after = await wallets();
    const wrong = split.lines.filter((l) => after.get(l.userId)! - (before.get(l.userId) ?? 0n) !== l.payout);
    expect(wrong).toEqual([]);
    for (const f of flows) {
      const line = split.lines.find((l) => l.challengeId === f.challengeId)!;
      expect(after.get(f.userId)).toBe(rupees(500 - f.stake) + line.payout);
    }
    await expectLedgerConsistent(t.app);

    // The work was shared: parts (user range × losers/winners) per worker process.
    const partOf = (userId: string) =>
      Array.from({ length: PARTS }, (_, k) => userRange(k, PARTS)).findIndex((r) => userId >= r.from && (r.to === null || userId < r.to));
    const perWorker = new Map<string, { parts: Set<string>; lines: number }>();
    for (const m of moved) {
      const w = perWorker.get(m.app) ?? { parts: new Set<string>(), lines: 0 };
      w.parts.add(`${m.ok ? 'winners' : 'losers'}-${partOf(m.user_id)}`);
      w.lines++;
      perWorker.set(m.app, w);
    }
    const shares = [...perWorker.entries()].sort(([a], [b]) => a.localeCompare(b));
    console.log(
      `scale-out settlement: ${API_USERS + SEEDED} challenges (${split.totals.successes} won, pool ₹${Number(split.totals.pool) / 100}) settled in ${settleSeconds.toFixed(2)} s ` +
        `as ${2 * PARTS} parts over ${WORKERS} worker processes: ${shares.map(([app, w]) => `${app} ${w.parts.size} parts / ${w.lines} lines`).join(', ')} (load average ${loadavg()[0].toFixed(1)})`,
    );
    expect(perWorker.size).toBeGreaterThan(1);

    // Run again through the queue: nothing is paid twice.
    const again = await (
      await queue.add(SettlementJob.SETTLE_DATE, { date: DATE }, { ...SETTLE_JOB_OPTIONS, jobId: `again-${settleJobId(DATE)}` })
    ).waitUntilFinished(events, 60_000);
    expect(again).toMatchObject({ linesPaid: 0 });
    expect(await wallets()).toEqual(after);
    expect((await ds.query(`SELECT count(*)::int AS n FROM scale_processed`))[0].n).toBe(API_USERS + SEEDED);
  }, 120_000);
});
