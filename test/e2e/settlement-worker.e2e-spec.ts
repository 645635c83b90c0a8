import { INestApplicationContext } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Test } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import { Job, Queue, QueueEvents } from 'bullmq';
import type { DataSource } from 'typeorm';
import { AppConfig } from '../../src/config/app-config.js';
import { redisOptionsFromUrl } from '../../src/config/redis-options.js';
import { WorkerModule } from '../../src/worker.module.js';
import { GetBalanceQuery } from '../../src/modules/wallet/queries/get-balance/get-balance.query.js';
import { GetChallengeStatsQuery } from '../../src/modules/challenges/record/queries/get-challenge-stats/get-challenge-stats.query.js';
import { VerifyLedgerQuery } from '../../src/modules/wallet/queries/verify-ledger/verify-ledger.query.js';
import { SettleDateCommand } from '../../src/modules/settlement/commands/settle-date/settle-date.command.js';
import { SETTLE_JOB_OPTIONS, SETTLEMENT_QUEUE, SettlementJob, settleJobId } from '../../src/modules/settlement/settlement.constants.js';
import { testConfig } from '../setup/test-app.js';
import { rupees, seedDay, Seeded } from './settlement-seed.js';

async function workerContext(config: AppConfig): Promise<INestApplicationContext> {
  const m = await Test.createTestingModule({ imports: [WorkerModule.forRoot(config)] }).compile();
  m.useLogger(false);
  await m.init();
  return m;
}

describe('settlement through the real BullMQ job (two in-process workers)', () => {
  let a: INestApplicationContext;
  let b: INestApplicationContext;
  let ds: DataSource;
  let queue: Queue;
  let events: QueueEvents;

  beforeAll(async () => {
    const config = testConfig();
    [a, b] = await Promise.all([workerContext(config), workerContext(config)]);
    ds = a.get<DataSource>(getDataSourceToken());
    const connection = redisOptionsFromUrl(config.redisUrl);
    queue = new Queue(SETTLEMENT_QUEUE, { connection, prefix: process.env.BULLMQ_PREFIX });
    events = new QueueEvents(SETTLEMENT_QUEUE, { connection, prefix: process.env.BULLMQ_PREFIX });
    await events.waitUntilReady();
  });
  afterAll(async () => {
    await queue?.close();
    await events?.close();
    await Promise.all([a?.close(), b?.close()]);
  });

  const balance = async (userId: string) => (await a.get(QueryBus).execute(new GetBalanceQuery(userId))).balance;
  const entriesFor = async (challengeId: string) =>
    (await ds.query(`SELECT idempotency_key AS key FROM journal_entries WHERE idempotency_key LIKE $1 ORDER BY 1`, [`challenge:${challengeId}:%`])).map(
      (r: { key: string }) => r.key.split(':')[2],
    );
  const settle = async (date: string, jobId = settleJobId(date), opts: Record<string, unknown> = {}) => {
    const job: Job = await queue.add(SettlementJob.SETTLE_DATE, { date }, { ...SETTLE_JOB_OPTIONS, jobId, ...opts });
    return job.waitUntilFinished(events, 60_000);
  };

  /**
   * A mixed day, by ARCHITECTURE.md's rule, worked by hand:
   * losers 100 (late), 50 (missed), 33.33 (late): refunds 85, 42.50, 28.33 (floor of 2833.05 paise); pool 15 + 7.50 + 5.00 = 27.50.
   * winners 100, 200, 70 (Σ 370): exact shares 7.4324…, 14.8648…, 5.2027… → floors 7.43, 14.86, 5.20 (27.49);
   * the one paisa left goes to the largest fractional remainder (the 200 stake, .486) → 14.87.
   */
  let day: Seeded[];
  const DAY = '2026-03-24';
  const expected = [10743n, 21487n, 7520n, 8500n, 4250n, 2833n];

  it('settles a mixed day exactly as the rule gives, through the queued job', async () => {
    day = await seedDay(a, DAY, [
      { stake: rupees(100), ok: true, createdMinute: 1 },
      { stake: rupees(200), ok: true, createdMinute: 2 },
      { stake: rupees(70), ok: true, createdMinute: 3 },
      { stake: rupees(100), ok: false, createdMinute: 4 },
      { stake: rupees(50), ok: null, createdMinute: 5 },
      { stake: rupees(33.33), ok: false, createdMinute: 6 },
    ]);
    const result = await settle(DAY);
    expect(result).toMatchObject({
      date: DAY,
      closed: 1,
      linesPaid: 6,
      batches: [
        {
          batch: 1,
          status: 'SETTLED',
          participants: 6,
          successes: 3,
          failures: 3,
          pool: '2750',
          sharesTotal: '2750',
          roundingRemainder: '1',
          platformRevenue: '0',
          moneyIn: '55333',
          moneyOut: '55333',
        },
      ],
    });

    for (const [i, s] of day.entries()) expect(await balance(s.userId)).toBe(expected[i]);
    expect((await ds.query(`SELECT balance::text FROM account_balances WHERE account = $1`, [`pool:${DAY}`]))[0].balance).toBe('0');

    const rows = await ds.query(`SELECT id, status, winnings_amount::text AS w, actual_forfeit_amount::text AS f FROM challenges WHERE challenge_date = $1`, [
      DAY,
    ]);
    const byId = new Map(rows.map((r: { id: string }) => [r.id, r]));
    expect(day.map((s) => byId.get(s.challengeId))).toEqual([
      expect.objectContaining({ status: 'PROCESSED', w: '743', f: '0' }),
      expect.objectContaining({ status: 'PROCESSED', w: '1487', f: '0' }),
      expect.objectContaining({ status: 'PROCESSED', w: '520', f: '0' }),
      expect.objectContaining({ status: 'PROCESSED', w: '0', f: '1500' }),
      expect.objectContaining({ status: 'PROCESSED', w: '0', f: '750' }),
      expect.objectContaining({ status: 'PROCESSED', w: '0', f: '500' }),
    ]);
    expect(await entriesFor(day[0].challengeId)).toEqual(['return-stake', 'stake', 'winnings']);
    expect(await entriesFor(day[3].challengeId)).toEqual(['pool', 'refund', 'stake']);

    const notes = await ds.query(`SELECT user_id, type, title FROM notifications WHERE dedupe_key LIKE 'settlement:%' AND user_id = ANY($1::uuid[])`, [
      day.map((s) => s.userId),
    ]);
    expect(notes).toHaveLength(6);
    expect(notes).toEqual(
      expect.arrayContaining([
        { user_id: day[1].userId, type: 'SETTLEMENT_WON', title: 'Stake back ₹200 · winnings ₹14.87' },
        { user_id: day[3].userId, type: 'SETTLEMENT_REFUNDED', title: '₹85 back · ₹15 to the pool' },
        { user_id: day[5].userId, type: 'SETTLEMENT_REFUNDED', title: '₹28.33 back · ₹5 to the pool' },
      ]),
    );
    // statistics follow: earnings and losses come from the PROCESSED challenges
    expect(await a.get(QueryBus).execute(new GetChallengeStatsQuery(day[1].userId))).toMatchObject({
      successfulChallenges: 1,
      totalEarnings: 1487n,
      totalLosses: 0n,
    });
    expect(await a.get(QueryBus).execute(new GetChallengeStatsQuery(day[4].userId))).toMatchObject({
      failedChallenges: 1,
      totalEarnings: 0n,
      totalLosses: 750n,
    });
    expect((await a.get(QueryBus).execute(new VerifyLedgerQuery())).ok).toBe(true);
  });

  it('pays nothing when the same date is run again through the queue', async () => {
    const again = await settle(DAY);
    expect(again).toMatchObject({ linesPaid: 0, batches: [{ batch: 1, status: 'SETTLED' }] });
    for (const [i, s] of day.entries()) expect(await balance(s.userId)).toBe(expected[i]);
    expect(await entriesFor(day[1].challengeId)).toEqual(['return-stake', 'stake', 'winnings']);
  });

  it('pays once when two workers run the same date at the same time', async () => {
    const DATE = '2026-03-11';
    const seeded = await seedDay(
      a,
      DATE,
      Array.from({ length: 40 }, (_, i) => ({ stake: rupees(10 + i), ok: i % 3 === 0 ? true : i % 3 === 1 ? false : null })),
    );
    // The deterministic id dedupes a second enqueue; a second job under another id runs on the other worker concurrently.
    const dup = await queue.add(SettlementJob.SETTLE_DATE, { date: DATE }, { ...SETTLE_JOB_OPTIONS, jobId: settleJobId(DATE) });
    expect((await queue.add(SettlementJob.SETTLE_DATE, { date: DATE }, { ...SETTLE_JOB_OPTIONS, jobId: settleJobId(DATE) })).id).toBe(dup.id);
    const [r1, r2, r3] = await Promise.all([
      dup.waitUntilFinished(events, 60_000),
      settle(DATE, `manual-${DATE}`, { attempts: 20, backoff: { type: 'fixed', delay: 100 } }),
      // and a direct command on the second worker's bus at the same time: refused as busy or finds nothing left
      b
        .get(CommandBus)
        .execute(new SettleDateCommand(DATE))
        .catch((e: { code?: string }) => ({ linesPaid: 0, busy: e.code })),
    ]);
    expect(await queue.getJob(settleJobId(DATE))).toBeUndefined();
    // one settler paid every line; whoever came second (or was refused as busy) paid nothing
    expect([r1.linesPaid, r2.linesPaid, r3.linesPaid].sort((x, y) => x - y)).toEqual([0, 0, 40]);
    const runs = await ds.query(`SELECT count(*)::int AS n FROM settlement_runs WHERE settlement_date = $1`, [DATE]);
    expect(runs[0].n).toBe(1);
    const keys = await ds.query(`SELECT idempotency_key, count(*)::int AS n FROM journal_entries WHERE idempotency_key = ANY($1::text[]) GROUP BY 1`, [
      seeded.flatMap((s) => ['refund', 'pool', 'return-stake', 'winnings'].map((p) => `challenge:${s.challengeId}:${p}`)),
    ]);
    expect(keys.every((k: { n: number }) => k.n === 1)).toBe(true);
    const lines = await ds.query(
      `SELECT challenge_id, refund::text, winnings::text, stake::text, is_successful FROM settlement_lines WHERE settlement_date = $1`,
      [DATE],
    );
    expect(lines).toHaveLength(40);
    for (const l of lines) {
      const s = seeded.find((x) => x.challengeId === l.challenge_id)!;
      expect(await balance(s.userId)).toBe(l.is_successful ? BigInt(l.stake) + BigInt(l.winnings) : BigInt(l.refund));
    }
    expect((await a.get(QueryBus).execute(new VerifyLedgerQuery())).ok).toBe(true);
  });

  it('sends a pool nobody won to platform revenue, once', async () => {
    const DATE = '2026-03-12';
    await seedDay(a, DATE, [
      { stake: rupees(100), ok: false },
      { stake: rupees(20.01), ok: null },
    ]);
    const r = await settle(DATE);
    expect(r.batches[0]).toMatchObject({ successes: 0, pool: '1801', platformRevenue: '1801' }); // 1500 + (2001 − 1700)
    await settle(DATE);
    const postings = await ds.query(
      `SELECT p.account, p.amount::text AS amount FROM journal_entries j JOIN postings p ON p.entry_id = j.id WHERE j.idempotency_key LIKE $1 ORDER BY 1`,
      [`pool:${DATE}:revenue:%`],
    );
    expect(postings).toEqual([
      { account: 'platform:revenue', amount: '1801' },
      { account: `pool:${DATE}`, amount: '-1801' },
    ]);
    expect((await ds.query(`SELECT balance::text AS b FROM account_balances WHERE account = $1`, [`pool:${DATE}`]))[0].b).toBe('0');
  });

  it('registers the daily and 15:00 job schedulers in the app time zone', async () => {
    const schedulers = await queue.getJobSchedulers();
    expect(schedulers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: 'settle-daily', pattern: '0 9 * * *', tz: 'Asia/Kolkata' }),
        expect.objectContaining({ key: 'settlement-deadline', pattern: '0 15 * * *', tz: 'Asia/Kolkata' }),
      ]),
    );
  });
});
