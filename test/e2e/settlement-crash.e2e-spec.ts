import { INestApplicationContext } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Test } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import { Queue } from 'bullmq';
import type { DataSource } from 'typeorm';
import { AppModule } from '../../src/app.module.js';
import { redisOptionsFromUrl } from '../../src/config/redis-options.js';
import { VerifyLedgerQuery } from '../../src/modules/wallet/queries/verify-ledger/verify-ledger.query.js';
import { SETTLE_JOB_OPTIONS, SETTLEMENT_QUEUE, SettlementJob, settleJobId } from '../../src/modules/settlement/settlement.constants.js';
import { testConfig } from '../setup/test-app.js';
import { startWorkerProcess, WorkerProcess } from '../setup/worker-process.js';
import { seedDay } from './settlement-seed.js';

// 2,500 challenges in chunks of 1,000 (the whole-day run) or 150 (parts): a kill always lands between chunks of a day
// that is still being paid
const N = 2500;
const CHUNK = 1000;

async function until<T>(what: string, fn: () => Promise<T | undefined | false>, timeoutMs: number, everyMs = 100): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

describe('a worker killed (SIGKILL) in the middle of a 2,500-challenge day', () => {
  let app: INestApplicationContext;
  let ds: DataSource;
  let queue: Queue;
  let worker: WorkerProcess | undefined;

  beforeAll(async () => {
    const config = testConfig();
    // the api's module tree (no processors): seeds and reads; the settlement runs only in the spawned worker
    app = await Test.createTestingModule({ imports: [AppModule.forRoot(config)] }).compile();
    app.useLogger(false);
    await app.init();
    ds = app.get<DataSource>(getDataSourceToken());
    queue = new Queue(SETTLEMENT_QUEUE, { connection: redisOptionsFromUrl(config.redisUrl), prefix: process.env.BULLMQ_PREFIX });
  });
  afterAll(async () => {
    await worker?.kill();
    await queue?.close();
    await app?.close();
  });

  /** Seeds the date, starts a worker (env), kills it mid-day, starts another, and checks every line was paid exactly once. */
  async function killMidwayAndFinish(date: string, env: Record<string, string>, resumedRun: boolean): Promise<void> {
    const paid = async () =>
      (
        await ds.query(`SELECT count(*) FILTER (WHERE status = 'PAID')::int AS paid, count(*)::int AS n FROM settlement_lines WHERE settlement_date = $1`, [
          date,
        ])
      )[0] as { paid: number; n: number };
    const seeded = await seedDay(
      app,
      date,
      Array.from({ length: N }, (_, i) => ({ stake: BigInt(10_000 + (i % 97) * 137), ok: i % 4 === 0 ? null : i % 3 !== 0 })),
    );

    worker = await startWorkerProcess(env);
    await queue.add(SettlementJob.SETTLE_DATE, { date }, { ...SETTLE_JOB_OPTIONS, jobId: settleJobId(date) });
    const mid = await until(
      'some but not all lines paid',
      async () => {
        const p = await paid();
        // at least one chunk committed, and the day not finished
        return p.paid >= Number(env.SETTLEMENT_CHUNK_SIZE) && p.paid < N ? p : undefined;
      },
      60_000,
      50,
    );
    await worker.kill();
    const atKill = await paid();
    expect(atKill.n).toBe(N);
    expect(atKill.paid).toBeGreaterThanOrEqual(mid.paid);
    expect(atKill.paid).toBeLessThan(N);
    // whole chunks only: a killed transaction leaves nothing half paid
    const partial = await ds.query(
      `SELECT count(*)::int AS n FROM settlement_lines l JOIN challenges c ON c.id = l.challenge_id
        WHERE l.settlement_date = $1 AND ((l.status = 'PAID') <> (c.status = 'PROCESSED'))`,
      [date],
    );
    expect(partial[0].n).toBe(0);

    worker = await startWorkerProcess(env);
    await until(
      'the date settled',
      async () => {
        const r = await ds.query(`SELECT status FROM settlement_runs WHERE settlement_date = $1`, [date]);
        return r[0]?.status === 'SETTLED';
      },
      60_000,
      250,
    );
    await worker.stop();

    expect(await paid()).toEqual({ paid: N, n: N });
    const [processed] = await ds.query(`SELECT count(*)::int AS n FROM challenges WHERE challenge_date = $1 AND status = 'PROCESSED'`, [date]);
    expect(processed.n).toBe(N);
    // one ledger entry per challenge and purpose, never two
    const [dupes] = await ds.query(
      `SELECT count(*)::int AS n FROM (SELECT idempotency_key FROM journal_entries WHERE correlation_id = ANY($1::text[]) GROUP BY 1 HAVING count(*) > 1) d`,
      [seeded.map((s) => s.challengeId)],
    );
    expect(dupes.n).toBe(0);
    const [entries] = await ds.query(
      `SELECT count(*)::int AS n FROM journal_entries j JOIN settlement_lines l ON j.idempotency_key IN
         ('challenge:' || l.challenge_id || ':refund', 'challenge:' || l.challenge_id || ':pool', 'challenge:' || l.challenge_id || ':return-stake', 'challenge:' || l.challenge_id || ':winnings')
        WHERE l.settlement_date = $1`,
      [date],
    );
    const [expectedEntries] = await ds.query(
      `SELECT (count(*) FILTER (WHERE NOT is_successful AND refund > 0) + count(*) FILTER (WHERE NOT is_successful AND pooled > 0)
             + count(*) FILTER (WHERE is_successful) + count(*) FILTER (WHERE is_successful AND winnings > 0))::int AS n
         FROM settlement_lines WHERE settlement_date = $1`,
      [date],
    );
    expect(entries.n).toBe(expectedEntries.n);
    // every wallet holds exactly its line's payout (each was 0 after staking), the pool is empty
    const [wrong] = await ds.query(
      `SELECT count(*)::int AS n FROM settlement_lines l LEFT JOIN account_balances b ON b.account = 'user:' || l.user_id || ':wallet'
        WHERE l.settlement_date = $1 AND coalesce(b.balance, 0) <> CASE WHEN l.is_successful THEN l.stake + l.winnings ELSE l.refund END`,
      [date],
    );
    expect(wrong.n).toBe(0);
    const [pool] = await ds.query(`SELECT balance::text AS b FROM account_balances WHERE account = $1`, [`pool:${date}`]);
    expect(pool.b).toBe('0');
    const [run] = await ds.query(
      `SELECT attempts, receipt->>'moneyIn' AS money_in, receipt->>'moneyOut' AS money_out FROM settlement_runs WHERE settlement_date = $1`,
      [date],
    );
    // the whole-day job resumes the run itself (a second attempt); in parts, the stalled part is retried instead
    if (resumedRun) expect(run.attempts).toBeGreaterThanOrEqual(2);
    expect(run.money_in).toBe(run.money_out);
    const verify = await app.get(QueryBus).execute(new VerifyLedgerQuery());
    expect(verify.problems).toEqual([]);
    expect(verify.ok).toBe(true);
  }

  it('is finished by the restarted worker, every challenge paid exactly once, the ledger verifying clean', async () => {
    await killMidwayAndFinish('2026-04-02', { SETTLEMENT_CHUNK_SIZE: String(CHUNK) }, true);
  }, 150_000);

  it('split into parts paid in small chunks (each part resumes from its cursor), likewise exactly once', async () => {
    await killMidwayAndFinish('2026-04-03', { SETTLEMENT_PARTS: '3', SETTLEMENT_CHUNK_SIZE: '150' }, false);
  }, 150_000);
});
