import { CommandBus } from '@nestjs/cqrs';
import { getDataSourceToken } from '@nestjs/typeorm';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { TokenService } from '../../src/common/auth/token.service.js';
import { SettleDateCommand } from '../../src/modules/settlement/commands/settle-date/settle-date.command.js';
import { CheckSettlementDeadlineCommand } from '../../src/modules/settlement/commands/check-settlement-deadline/check-settlement-deadline.command.js';
import { RecordSettlementFailureCommand } from '../../src/modules/settlement/commands/record-settlement-failure/record-settlement-failure.command.js';
import { EnqueueDueSettlementsCommand } from '../../src/modules/settlement/commands/enqueue-due-settlements/enqueue-due-settlements.command.js';
import { settleCli } from '../../src/modules/settlement/settlement.cli.js';
import { SETTLEMENT_QUEUE, settleJobId } from '../../src/modules/settlement/settlement.constants.js';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { rupees, seedDay, Seeded } from './settlement-seed.js';

describe('settlement API, support console, deadline alerts and CLI', () => {
  let t: TestApp;
  let ds: DataSource;
  let queue: Queue;
  const DAY = '2025-05-04';
  let day: Seeded[];
  const token = (u: { userId: string; email: string }, role: 'USER' | 'SUPPORT' = 'USER') =>
    `Bearer ${t.app.get(TokenService).sign({ id: u.userId, email: u.email, role })}`;
  let support: string;

  beforeAll(async () => {
    t = await createTestApp();
    ds = t.app.get<DataSource>(getDataSourceToken());
    queue = t.app.get<Queue>(getQueueToken(SETTLEMENT_QUEUE));
    day = await seedDay(t.app, DAY, [
      { stake: rupees(100), ok: true },
      { stake: rupees(300), ok: true },
      { stake: rupees(200), ok: false },
      { stake: rupees(100), ok: null },
    ]);
    await t.app.get(CommandBus).execute(new SettleDateCommand(DAY));
    const [staff] = await seedDay(t.app, '2025-05-20', [{ stake: rupees(1), ok: true }], 'SUPPORT');
    support = token(staff, 'SUPPORT');
  });
  afterAll(async () => {
    await queue.drain(true); // nothing queued here is left for another file's workers
    await t.close();
  });

  describe('GET /settlements/{date}', () => {
    it('shows a participant the anonymised receipt and their own line', async () => {
      const res = await t.http().get(`/api/v1/settlements/${DAY}`).set('Authorization', token(day[1])).expect(200);
      // pool 30 + 15 = 45, shared 1:3 between the 100 and 300 stakes
      expect(res.body).toEqual({
        success: true,
        data: expect.objectContaining({
          date: DAY,
          status: 'SETTLED',
          yourLines: [expect.objectContaining({ challengeId: day[1].challengeId, stake: 300, isSuccessful: true, refund: 0, winnings: 33.75, payout: 333.75 })],
        }),
      });
      const r = res.body.data.receipt;
      expect(r).toMatchObject({
        participants: 4,
        successes: 2,
        failures: 2,
        pool: 45,
        sharesTotal: 45,
        platformRevenue: 0,
        moneyIn: 700,
        moneyOut: 700,
        refundsTotal: 255,
        stakesReturned: 400,
      });
      expect(r.refundsTotal + r.stakesReturned + r.sharesTotal + r.platformRevenue).toBe(r.moneyIn);
      expect(r.lines).toEqual([
        { line: 1, stake: 100, outcome: 'SUCCESS', refund: 0, winnings: 11.25 },
        { line: 2, stake: 300, outcome: 'SUCCESS', refund: 0, winnings: 33.75 },
        { line: 3, stake: 200, outcome: 'FAILED', refund: 170, winnings: 0 },
        { line: 4, stake: 100, outcome: 'FAILED', refund: 85, winnings: 0 },
      ]);
      const body = JSON.stringify(res.body.data.receipt);
      for (const s of day) {
        expect(body).not.toContain(s.userId);
        expect(body).not.toContain(s.challengeId);
      }
    });

    it('answers 404 to someone who did not take part, 400 to a malformed date, 401 without a token', async () => {
      const stranger = { userId: randomUUID(), email: 'x@test.local' };
      const res = await t.http().get(`/api/v1/settlements/${DAY}`).set('Authorization', token(stranger)).expect(404);
      expect(res.body).toMatchObject({ success: false, statusCode: 404 });
      const bad = await t.http().get('/api/v1/settlements/2026-02-30').set('Authorization', token(day[0])).expect(400);
      expect(bad.body.error).toMatch(/date/);
      await t.http().get(`/api/v1/settlements/${DAY}`).expect(401);
    });
  });

  describe('support console', () => {
    it('is for SUPPORT only', async () => {
      await t.http().get('/api/v1/support/settlements').set('Authorization', token(day[0])).expect(403);
      await t.http().post(`/api/v1/support/settlements/${DAY}/rerun`).set('Authorization', token(day[0])).expect(403);
    });

    it('lists batches and shows one date with its receipt and alerts', async () => {
      const list = await t.http().get(`/api/v1/support/settlements?date=${DAY}`).set('Authorization', support).expect(200);
      expect(list.body.data.settlements).toEqual([expect.objectContaining({ date: DAY, batch: 1, status: 'SETTLED', attempts: 1 })]);
      const one = await t.http().get(`/api/v1/support/settlements/${DAY}`).set('Authorization', support).expect(200);
      expect(one.body.data).toMatchObject({ date: DAY, status: 'SETTLED', alerts: [] });
      expect(one.body.data.batches[0].receipt.lines).toHaveLength(4);
      await t.http().get('/api/v1/support/settlements/not-a-date').set('Authorization', support).expect(400);
    });

    it('re-runs a date through the queue under its deterministic job id, once', async () => {
      const DATE = '2025-05-05';
      const res = await t.http().post(`/api/v1/support/settlements/${DATE}/rerun`).set('Authorization', support).expect(202);
      expect(res.body).toEqual({ success: true, data: { date: DATE, jobId: settleJobId(DATE), state: 'waiting' } });
      const again = await t.http().post(`/api/v1/support/settlements/${DATE}/rerun`).set('Authorization', support).expect(202);
      expect(again.body.data.state).toBe('waiting');
      const job = await queue.getJob(settleJobId(DATE));
      expect(job?.data).toEqual({ date: DATE, requestId: res.headers['x-request-id'] }); // the id of the request that queued it
      expect(job?.opts.attempts).toBe(5);
      expect(await queue.getJobCountByTypes('waiting')).toBe(1);
      await queue.drain(true);
    });
  });

  describe('deadline and failure alerts', () => {
    it('alerts LATE once when a date is not settled by the deadline, and not for a settled date', async () => {
      const LATE = '2025-05-06';
      await seedDay(t.app, LATE, [
        { stake: rupees(10), ok: true },
        { stake: rupees(10), ok: null },
      ]);
      const bus = t.app.get(CommandBus);
      expect(await bus.execute(new CheckSettlementDeadlineCommand(DAY))).toEqual({ date: DAY, settled: true, alerted: false });
      expect(await bus.execute(new CheckSettlementDeadlineCommand(LATE))).toEqual({ date: LATE, settled: false, alerted: true });
      expect(await bus.execute(new CheckSettlementDeadlineCommand(LATE))).toEqual({ date: LATE, settled: false, alerted: false });
      const res = await t.http().get(`/api/v1/support/settlements/${LATE}`).set('Authorization', support).expect(200);
      expect(res.body.data).toMatchObject({ status: 'NONE', alerts: [expect.objectContaining({ kind: 'LATE', message: expect.stringContaining('15:00') })] });
    });

    it('marks unfinished batches FAILED with a FAILED alert when a job runs out of retries', async () => {
      const DATE = '2025-05-07';
      await seedDay(t.app, DATE, [{ stake: rupees(10), ok: true }]);
      // a stored, unpaid plan, as a crash on the last attempt would leave it
      await ds.query(`UPDATE challenges SET status = 'COMPLETED' WHERE challenge_date = $1`, [DATE]);
      await t.app.get(CommandBus).execute(new SettleDateCommand(DATE));
      await ds.query(`UPDATE settlement_runs SET status = 'RUNNING' WHERE settlement_date = $1`, [DATE]);
      await t.app.get(CommandBus).execute(new RecordSettlementFailureCommand(DATE, 'database unavailable'));
      const res = await t.http().get(`/api/v1/support/settlements/${DATE}`).set('Authorization', support).expect(200);
      expect(res.body.data).toMatchObject({
        status: 'FAILED',
        batches: [{ status: 'FAILED', lastError: 'database unavailable' }],
        alerts: [{ kind: 'FAILED' }],
      });
      // a re-run finishes it and pays nothing twice
      await t.app.get(CommandBus).execute(new SettleDateCommand(DATE));
      const [run] = await ds.query(`SELECT status, attempts FROM settlement_runs WHERE settlement_date = $1`, [DATE]);
      expect(run).toEqual({ status: 'SETTLED', attempts: 2 });
    });
  });

  describe('daily job', () => {
    it('closes what is due and enqueues today plus earlier dates left unsettled', async () => {
      t.clock.set('2025-06-10T03:30:00Z'); // 09:00 in Asia/Kolkata
      await seedDay(t.app, '2025-06-08', [{ stake: rupees(10), ok: null }]);
      const r = await t.app.get(CommandBus).execute(new EnqueueDueSettlementsCommand());
      expect(r.dates).toEqual(expect.arrayContaining(['2025-06-08', '2025-06-10']));
      expect(r.dates).not.toContain('2025-06-09');
      expect(await queue.getJob(settleJobId('2025-06-08'))).toBeDefined();
      await queue.drain(true);
    });
  });

  describe('npm run cli -- settle', () => {
    it('refuses a malformed date and prints the receipt totals of a settled one', async () => {
      const writes: string[] = [];
      const spyOut = jest.spyOn(process.stdout, 'write').mockImplementation((s: string | Uint8Array) => (writes.push(String(s)), true));
      const spyErr = jest.spyOn(process.stderr, 'write').mockImplementation((s: string | Uint8Array) => (writes.push(String(s)), true));
      try {
        expect(await settleCli.run(t.app, ['2026-5-4'])).toBe(2);
        expect(await settleCli.run(t.app, [DAY])).toBe(0);
      } finally {
        spyOut.mockRestore();
        spyErr.mockRestore();
      }
      const out = writes.join('');
      expect(out).toContain('Usage: npm run cli -- settle <YYYY-MM-DD>');
      expect(out).toContain(`Settlement ${DAY}: 0 missed challenge(s) closed, 0 line(s) paid now`);
      expect(out).toMatch(/batch 1 SETTLED: participants 4, successes 2, failures 2/);
      expect(out).toMatch(/money in ₹700 = money out ₹700; pool ₹45/);
    });
  });
});
