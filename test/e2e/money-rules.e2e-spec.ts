import { createHmac } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { expectLedgerConsistent } from '../setup/ledger-invariants.js';
import { balanceOf, createUser, fund } from '../factories/wallet.js';
import { pool, userWallet } from '../../src/modules/wallet/domain/accounts.js';
import { SettleDateCommand } from '../../src/modules/settlement/commands/settle-date/settle-date.command.js';
import { createChallenge, fundedUser, ist } from './challenges-helpers.js';

// "Now": Sunday 2026-11-22, 12:00 in Kolkata.
const TODAY = '2026-11-22';
const NOON = ist(TODAY, '12:00');
const DATES = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27'];

/** The money rules that concurrency, TEST_MODE, the webhook and an under-age profile used to get around. */
describe('money rules', () => {
  let t: TestApp;
  let ds: DataSource;
  beforeAll(async () => {
    t = await createTestApp();
    ds = t.app.get(DataSource);
  });
  beforeEach(() => t.clock.set(NOON));
  afterEach(() => expectLedgerConsistent(t.app));
  afterAll(() => t.close());

  describe('the ₹50 minimum balance', () => {
    it('holds when challenges for several dates are created at once: each decides on the locked balance', async () => {
      const u = await fundedUser(t, 100);
      const results = await Promise.all(DATES.map((d) => createChallenge(t, u, { challengeDate: d, wakeUpTime: '06:00', forfeitAmount: 25 })));
      const created = results.filter((r) => r.status === 201);
      // ₹100 → ₹75 → ₹50: the third finds ₹50, which is not above ₹50
      expect(created).toHaveLength(2);
      for (const r of results.filter((x) => x.status !== 201)) {
        expect(r.status).toBe(400);
        expect(r.body).toMatchObject({ success: false, statusCode: 400, error: 'Insufficient balance! You need more than ₹50 in your wallet to stake' });
      }
      expect(await balanceOf(t, userWallet(u.id))).toBe(5_000n);
      const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM challenges WHERE user_id = $1`, [u.id]);
      expect(n).toBe(2);
    });
  });

  describe('TEST_MODE challenges', () => {
    it('settle in a pool of their own, never shared with real challenges of the same date', async () => {
      // A date no other file books (they share the run's database, and several book days near today's).
      const date = '2033-03-15';
      t.clock.set(ist('2033-03-14', '12:00'));
      const [a, b, c, d] = await Promise.all([fundedUser(t, 500), fundedUser(t, 500), fundedUser(t, 500), fundedUser(t, 500)]);
      // real: a stakes ₹100 and misses, b stakes ₹50 and wakes up
      const ra = (await createChallenge(t, a, { challengeDate: date, wakeUpTime: '06:00', forfeitAmount: 100 }).expect(201)).body.challenge.id;
      const rb = (await createChallenge(t, b, { challengeDate: date, wakeUpTime: '06:00', forfeitAmount: 50 }).expect(201)).body.challenge.id;
      const closedAt = ist(date, '06:20');
      await ds.query(
        `UPDATE challenges SET status = 'COMPLETED', is_successful = false, failure_reason = 'Missed check-in window', closed_at = $2 WHERE id = $1`,
        [ra, closedAt],
      );
      await ds.query(
        `UPDATE challenges SET status = 'COMPLETED', is_successful = true, check_in_time = $2, verification_method = 'MANUAL', closed_at = $2 WHERE id = $1`,
        [rb, closedAt],
      );
      // test: c stakes ₹100 and wakes up, d stakes ₹20 and misses
      const test = (u: typeof c, forfeitAmount: number, status: string) =>
        t
          .http()
          .post('/api/v1/test/challenges/create-test-challenge')
          .set(u.auth)
          .send({ challengeDate: date, wakeUpTime: '06:00', forfeitAmount, status })
          .expect(201);
      await test(c, 100, 'COMPLETED');
      await test(d, 20, 'FAILED');

      t.clock.set(ist('2033-03-16', '09:00'));
      await t.app.get(CommandBus).execute(new SettleDateCommand(date));

      // real pool: 15% of a's ₹100 = ₹15, all to b; test pool: 15% of d's ₹20 = ₹3, all to c (a shared ₹18 would split 1:2)
      expect(await balanceOf(t, userWallet(a.id))).toBe(50_000n - 1_500n);
      expect(await balanceOf(t, userWallet(b.id))).toBe(50_000n + 1_500n);
      expect(await balanceOf(t, userWallet(c.id))).toBe(50_000n + 300n);
      expect(await balanceOf(t, userWallet(d.id))).toBe(50_000n - 300n);
      const inflow = async (account: string) =>
        BigInt((await ds.query(`SELECT coalesce(sum(amount) FILTER (WHERE amount > 0), 0)::text AS s FROM postings WHERE account = $1`, [account]))[0].s);
      expect(await inflow(pool(date))).toBe(1_500n);
      expect(await inflow(pool(date, true))).toBe(300n);
      expect(await balanceOf(t, pool(date))).toBe(0n);
      expect(await balanceOf(t, pool(date, true))).toBe(0n);
      const runs = await ds.query(
        `SELECT participants, pool::text, receipt->>'test' AS test FROM settlement_runs WHERE settlement_date = $1 ORDER BY batch_no`,
        [date],
      );
      expect(runs).toEqual([
        { participants: 2, pool: '1500', test: null },
        { participants: 2, pool: '300', test: 'true' },
      ]);
    });
  });

  describe('an adult on file', () => {
    it('refuses a deposit order, a challenge and a test challenge until a date of birth of 18 or over is on file', async () => {
      const u = await createUser(t, { dateOfBirth: null });
      await fund(t, u.id, 50_000n);
      const deposit = await t.http().post('/api/v1/wallet/deposit').set(u.auth).send({ amount: 500 }).expect(400);
      expect(deposit.body).toMatchObject({ success: false, statusCode: 400 });
      expect(deposit.body.error).toContain('18');
      const challenge = await createChallenge(t, u, { challengeDate: DATES[0], wakeUpTime: '06:00', forfeitAmount: 25 }).expect(400);
      expect(challenge.body.error).toContain('18');
      const testChallenge = await t.http().post('/api/v1/test/challenges/create-test-challenge').set(u.auth).send({}).expect(400);
      expect(testChallenge.body.error).toContain('18');
      const can = await t.http().get(`/api/v1/challenges/can-create?date=${DATES[0]}`).set(u.auth).expect(200);
      expect(can.body).toMatchObject({ canCreate: false, reason: expect.stringContaining('18') });
      expect(await ds.query(`SELECT 1 FROM deposits WHERE user_id = $1 AND status = 'PENDING'`, [u.id])).toEqual([]);
      expect(await ds.query(`SELECT 1 FROM challenges WHERE user_id = $1`, [u.id])).toEqual([]);
      expect(await balanceOf(t, userWallet(u.id))).toBe(50_000n);

      // a younger date is refused by the profile with a message that says 18; an adult's is accepted and money flows
      const young = await t.http().put('/api/v1/auth/profile').set(u.auth).send({ dateOfBirth: '2010-01-01' }).expect(400);
      expect(young.body.error).toContain('18');
      await t.http().put('/api/v1/auth/profile').set(u.auth).send({ dateOfBirth: '2008-11-22' }).expect(200);
      await t.http().post('/api/v1/wallet/deposit').set(u.auth).send({ amount: 500 }).expect(201);
      await createChallenge(t, u, { challengeDate: DATES[0], wakeUpTime: '06:00', forfeitAmount: 25 }).expect(201);
    });

    it('refuses a user who turns 18 tomorrow', async () => {
      const u = await createUser(t, { dateOfBirth: '2008-11-23' });
      await fund(t, u.id, 10_000n);
      await t.http().post('/api/v1/wallet/deposit').set(u.auth).send({ amount: 500 }).expect(400);
      await createChallenge(t, u, { challengeDate: DATES[0], wakeUpTime: '06:00', forfeitAmount: 25 }).expect(400);
    });
  });

  describe('the Razorpay webhook', () => {
    it.each([
      'null',
      '[]',
      '42',
      '"payment.captured"',
      'true',
      '{"event":"payment.captured","payload":null}',
      '{"event":"payment.captured","payload":{"payment":{"entity":[]}}}',
    ])('answers a signed body %s with a 4xx and credits nothing', async (body) => {
      const before = await ds.query(`SELECT count(*)::int AS n FROM journal_entries`);
      const res = await t
        .http()
        .post('/api/v1/wallet/webhooks/razorpay')
        .set('content-type', 'application/json')
        .set('x-razorpay-signature', createHmac('sha256', t.config.razorpayWebhookSecret).update(body).digest('hex'))
        .send(body);
      expect(res.status).toBeGreaterThanOrEqual(200);
      expect(res.status).toBeLessThan(500);
      if (res.status >= 400) expect(res.body).toMatchObject({ success: false, statusCode: res.status, error: expect.any(String), message: expect.any(String) });
      expect(await ds.query(`SELECT count(*)::int AS n FROM journal_entries`)).toEqual(before);
    });

    it('refuses a signed body that is not a JSON object with 400', async () => {
      for (const body of ['null', '[]', '42']) {
        const res = await t
          .http()
          .post('/api/v1/wallet/webhooks/razorpay')
          .set('content-type', 'application/json')
          .set('x-razorpay-signature', createHmac('sha256', t.config.razorpayWebhookSecret).update(body).digest('hex'))
          .send(body);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ success: false, statusCode: 400 });
      }
    });
  });
});
