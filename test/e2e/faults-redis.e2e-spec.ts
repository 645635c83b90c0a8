import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { redisOptionsFromUrl } from '../../src/config/redis-options.js';
import { SETTLE_JOB_OPTIONS, SETTLEMENT_QUEUE, SettlementJob, settleJobId } from '../../src/modules/settlement/settlement.constants.js';
import { createUser, fund, TestUser } from '../factories/wallet.js';
import { expectLedgerConsistent } from '../setup/ledger-invariants.js';
import { PrivateRedis } from '../setup/private-redis.js';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { startWorkerProcess, WorkerProcess } from '../setup/worker-process.js';
import { sleep, until } from '../simulation/wait.js';
import { seedDay } from './settlement-seed.js';

const DATE = '2030-07-14';
const N = 1200;

/** Redis (with an append-only file, as in production) restarted while a settlement and payouts run. */
describe('Redis restarted while jobs run', () => {
  let redis: PrivateRedis;
  let t: TestApp;
  let ds: DataSource;
  let worker: WorkerProcess | undefined;
  let queue: Queue;

  beforeAll(async () => {
    redis = await PrivateRedis.create({ persistent: true });
    t = await createTestApp({ env: { REDIS_URL: redis.url } });
    ds = t.app.get(DataSource);
    queue = new Queue(SETTLEMENT_QUEUE, { connection: redisOptionsFromUrl(redis.url), prefix: process.env.BULLMQ_PREFIX });
    queue.on('error', () => undefined); // connection refused while Redis is down, by design
  }, 60_000);
  afterAll(async () => {
    await worker?.kill();
    await redis.start().catch(() => undefined);
    await queue?.close();
    await t?.close();
    await redis?.stop();
  });

  it('resumes the jobs: the date settles once, every payout ends once', async () => {
    const seeded = await seedDay(
      t.app,
      DATE,
      Array.from({ length: N }, (_, i) => ({ stake: BigInt(1_000 + (i % 91) * 100), ok: i % 3 === 0 ? false : true })),
    );
    const users: TestUser[] = await Promise.all(Array.from({ length: 20 }, () => createUser(t)));
    await Promise.all(users.map((u) => fund(t, u.id, 100_000n)));
    const withdraw = (u: TestUser, i: number) =>
      t
        .http()
        .post('/api/v1/wallet/withdraw')
        .set(u.auth)
        .timeout(15_000)
        .send({ amount: 200, withdrawalMethod: 'UPI', upiId: `${i % 2 ? 'fail' : 'pay'}${i}@okaxis` });
    const before = await Promise.all(users.slice(0, 10).map(withdraw));
    for (const r of before) expect(r.status).toBe(201);

    worker = await startWorkerProcess({ REDIS_URL: redis.url });
    await queue.add(SettlementJob.SETTLE_DATE, { date: DATE }, { ...SETTLE_JOB_OPTIONS, jobId: settleJobId(DATE) });
    await until(
      'the settlement under way',
      async () => {
        const [r] = await ds.query(`SELECT count(*) FILTER (WHERE status = 'PAID')::int AS paid FROM settlement_lines WHERE settlement_date = $1`, [DATE]);
        return r.paid > 0;
      },
      30_000,
      20,
    );

    await redis.stop(); // SIGKILL; the AOF (fsync always) keeps every job
    // requests keep coming while Redis is away: they wait for it or fail cleanly, never a 500
    const during = users.slice(10).map((u, i) => withdraw(u, i + 10));
    await sleep(1500);
    await redis.start();
    const answered = await Promise.all(during);
    for (const r of answered) expect([201, 503]).toContain(r.status);

    await until(
      'the date settled',
      async () => {
        const [r] = await ds.query(
          `SELECT (SELECT count(*) FROM challenges WHERE challenge_date = $1 AND status = 'PROCESSED')::int AS processed,
                (SELECT count(*) FROM settlement_runs WHERE settlement_date = $1 AND status <> 'SETTLED')::int AS open`,
          [DATE],
        );
        return r.processed === N && r.open === 0;
      },
      60_000,
      250,
    );
    const ids = [...before, ...answered].filter((r) => r.status === 201).map((r) => r.body.data.transactionId as string);
    await until(
      'every payout ended',
      async () => (await ds.query(`SELECT count(*)::int AS n FROM withdrawals WHERE id = ANY($1::uuid[]) AND status = 'PENDING'`, [ids]))[0].n === 0,
      60_000,
      250,
    );
    await worker.stop();
    worker = undefined;

    // nothing settled twice: one outcome per challenge
    const [twice] = await ds.query(
      `SELECT count(*)::int AS n FROM (
         SELECT c.id,
                count(*) FILTER (WHERE j.idempotency_key LIKE '%:refund')::int AS refund,
                count(*) FILTER (WHERE j.idempotency_key LIKE '%:return-stake')::int AS returned,
                count(*) FILTER (WHERE j.idempotency_key LIKE '%:pool')::int AS pooled
           FROM challenges c JOIN journal_entries j ON j.correlation_type = 'challenge' AND j.correlation_id = c.id::text
          WHERE c.challenge_date = $1 GROUP BY c.id) x
        WHERE NOT ((refund = 1 AND pooled = 1 AND returned = 0) OR (refund = 0 AND pooled = 0 AND returned = 1))`,
      [DATE],
    );
    expect(twice.n).toBe(0);
    const [lines] = await ds.query(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE status = 'PAID')::int AS paid FROM settlement_lines WHERE settlement_date = $1`,
      [DATE],
    );
    expect(lines).toEqual({ n: N, paid: N });
    const [pool] = await ds.query(`SELECT coalesce(max(balance), 0)::text AS b FROM account_balances WHERE account = $1`, [`pool:${DATE}`]);
    expect(pool.b).toBe('0');
    // every wallet of the day holds its stake back (winners: + share) or 85 % of it
    const wallets = (await ds.query(`SELECT account, balance::text FROM account_balances WHERE account = ANY($1::text[])`, [
      seeded.map((s) => `user:${s.userId}:wallet`),
    ])) as { account: string; balance: string }[];
    const byAccount = new Map(wallets.map((w) => [w.account, BigInt(w.balance)]));
    for (const s of seeded) {
      const b = byAccount.get(`user:${s.userId}:wallet`)!;
      if (s.ok) expect(b).toBeGreaterThanOrEqual(s.stake);
      else expect(b).toBe((s.stake * 85n) / 100n);
    }
    const ws = (await ds.query(
      `SELECT w.status, count(*) FILTER (WHERE j.reason = 'WITHDRAWAL_PAID')::int AS paid, count(*) FILTER (WHERE j.reason = 'WITHDRAWAL_REVERSED')::int AS voided
         FROM withdrawals w JOIN journal_entries j ON j.correlation_type = 'withdrawal' AND j.correlation_id = w.id::text
        WHERE w.id = ANY($1::uuid[]) GROUP BY w.id`,
      [ids],
    )) as { status: string; paid: number; voided: number }[];
    expect(ws).toHaveLength(ids.length);
    for (const w of ws) expect(w.status === 'SUCCESS' ? [w.paid, w.voided] : [w.voided, w.paid]).toEqual([1, 0]);
    await expectLedgerConsistent(t.app);
  }, 120_000);
});
