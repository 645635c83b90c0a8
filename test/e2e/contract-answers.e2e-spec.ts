import { CommandBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { createUser, fund } from '../factories/wallet.js';
import { LedgerService } from '../../src/modules/wallet/infrastructure/ledger.service.js';
import { userWallet, WORLD } from '../../src/modules/wallet/domain/accounts.js';
import { SettleDateCommand } from '../../src/modules/settlement/commands/settle-date/settle-date.command.js';
import { createChallenge, fundedUser, ist, walletOf } from './challenges-helpers.js';

// "Answers a client can read". Now: Tuesday 2037-12-08, 12:00 in Kolkata; the challenges are for the 9th, a date no
// other test file books (the run's files share one database, and a date's pool is everyone's). Far from the real
// clock: tests that book "tomorrow" on it would otherwise join this pool on the day the real date reaches it.
const TODAY = '2037-12-08';
const DAY = '2037-12-09';

describe('contract: answers a client can read', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.set(ist(TODAY, '12:00')));

  const errorShape = (status: number) => ({ success: false, statusCode: status, error: expect.any(String), message: expect.any(String) });

  it('winnings: the stake before settlement with an estimate from the pool, stake + share after; a failed check-in forfeits 15% at once', async () => {
    const winnerA = await fundedUser(t, 500);
    const winnerB = await fundedUser(t, 500);
    const loser = await fundedUser(t, 500);
    const idOf = async (u: typeof winnerA, forfeitAmount: number) =>
      (await createChallenge(t, u, { challengeDate: DAY, wakeUpTime: '06:00', forfeitAmount }).expect(201)).body.challenge.id as string;
    const a = await idOf(winnerA, 100);
    const b = await idOf(winnerB, 50);
    const c = await idOf(loser, 100);
    const get = async (u: typeof winnerA, id: string) => (await t.http().get(`/api/v1/challenges/${id}`).set(u.auth).expect(200)).body.challenge;
    const verify = (u: typeof winnerA, id: string) =>
      t.http().post('/api/v1/challenges/verify').set(u.auth).send({ challengeId: id, verificationMethod: 'MANUAL' }).expect(200);

    t.clock.set(ist(DAY, '05:55'));
    const onTime = await verify(winnerA, a);
    expect(onTime.body.data).toEqual({ isSuccessful: true, winningsAmount: 100 });
    expect(onTime.body.challenge).toMatchObject({ winningsAmount: 100, poolShare: null, actualForfeitAmount: 0 });
    await verify(winnerB, b);

    t.clock.set(ist(DAY, '06:30'));
    const late = await verify(loser, c);
    expect(late.body.data).toEqual({ isSuccessful: false, winningsAmount: 0 });
    expect(late.body.challenge).toMatchObject({ status: 'COMPLETED', isSuccessful: false, actualForfeitAmount: 15, winningsAmount: 0 });
    expect(late.body.challenge.statusDescription).toContain('₹85');

    // Pool so far: ₹15 from the late one, shared 100:50 between the two winners.
    expect(await get(winnerA, a)).toMatchObject({ status: 'COMPLETED', winningsAmount: 100, poolShare: null, estimatedPoolShare: 10, estimatedWinnings: 110 });
    expect(await get(winnerB, b)).toMatchObject({ winningsAmount: 50, estimatedPoolShare: 5, estimatedWinnings: 55 });
    expect(await get(loser, c)).toMatchObject({ actualForfeitAmount: 15, estimatedWinnings: null });

    t.clock.set(ist(DAY, '09:00'));
    await t.app.get(CommandBus).execute(new SettleDateCommand(DAY));
    const settledA = await get(winnerA, a);
    expect(settledA).toMatchObject({
      status: 'PROCESSED',
      isSuccessful: true,
      winningsAmount: 110,
      poolShare: 10,
      estimatedWinnings: null,
      actualForfeitAmount: 0,
    });
    expect(settledA.statusDescription).toContain('₹110');
    expect(await get(winnerB, b)).toMatchObject({ status: 'PROCESSED', winningsAmount: 55, poolShare: 5 });
    expect(await get(loser, c)).toMatchObject({
      status: 'PROCESSED',
      isSuccessful: false,
      winningsAmount: 0,
      poolShare: 0,
      actualForfeitAmount: 15,
      refundedAmount: 85,
    });
    // What winningsAmount says is what the wallet got: 500 − 100 staked + 110 paid.
    expect(await walletOf(t, winnerA.id)).toBe(51_000n);

    // The Today card reads the settled challenge of today.
    const today = await t.http().get(`/api/v1/challenges/date/${DAY}`).set(winnerA.auth).expect(200);
    expect(today.body.challenge).toMatchObject({ id: a, status: 'PROCESSED', isSuccessful: true, winningsAmount: 110, poolShare: 10 });
    expect(today.body.challenge.statusDescription).toMatch(/Woke up on time: ₹110 paid/);
    const lost = await t.http().get(`/api/v1/challenges/date/${DAY}`).set(loser.auth).expect(200);
    expect(lost.body.challenge).toMatchObject({ status: 'PROCESSED', isSuccessful: false, actualForfeitAmount: 15 });
    expect(lost.body.challenge.statusDescription).toMatch(/₹85 refunded/);
  });

  describe('statuses as the client reads them: a message a person acts on is a 400, never a 409', () => {
    it('an email already registered is a 400 with the message', async () => {
      const u = await createUser(t);
      const res = await t.http().post('/api/v1/auth/register').send({ email: u.email, password: 'correct-horse-battery', fullName: 'Again' }).expect(400);
      expect(res.body).toMatchObject({ ...errorShape(400), error: expect.stringMatching(/already exists/) });
    });

    it('a second challenge on a date is a 400 with the message', async () => {
      const u = await fundedUser(t, 500);
      await createChallenge(t, u, { challengeDate: DAY, wakeUpTime: '06:00', forfeitAmount: 25 }).expect(201);
      const res = await createChallenge(t, u, { challengeDate: DAY, wakeUpTime: '05:00', forfeitAmount: 25 }).expect(400);
      expect(res.body).toMatchObject({ ...errorShape(400), error: 'You already have a challenge for this date' });
    });

    it('cancelling twice is a 400 with the message', async () => {
      const u = await fundedUser(t, 500);
      const id = (await createChallenge(t, u, { challengeDate: DAY, wakeUpTime: '06:00', forfeitAmount: 25 }).expect(201)).body.challenge.id;
      await t.http().delete(`/api/v1/challenges/${id}`).set(u.auth).expect(200);
      const res = await t.http().delete(`/api/v1/challenges/${id}`).set(u.auth).expect(400);
      expect(res.body).toMatchObject({ ...errorShape(400), error: 'This challenge was cancelled' });
    });

    it('401 is failed authentication: no token, a bad token, a wrong password', async () => {
      const u = await createUser(t);
      expect((await t.http().get('/api/v1/wallet/balance').expect(401)).body).toMatchObject(errorShape(401));
      expect((await t.http().get('/api/v1/wallet/balance').set('Authorization', 'Bearer nope').expect(401)).body).toMatchObject(errorShape(401));
      expect((await t.http().post('/api/v1/auth/login').send({ email: u.email, password: 'wrong-password-1' }).expect(401)).body).toMatchObject(
        errorShape(401),
      );
    });

    it('403 is a missing role; 404 an unknown resource', async () => {
      const u = await createUser(t);
      expect((await t.http().get('/api/v1/support/users').set(u.auth).expect(403)).body).toMatchObject(errorShape(403));
      expect((await t.http().get('/api/v1/challenges/00000000-0000-4000-8000-000000000000').set(u.auth).expect(404)).body).toMatchObject(errorShape(404));
    });
  });

  describe('earnings, payment methods and notifications page like transactions', () => {
    it('notifications: page, size, total', async () => {
      const u = await fundedUser(t, 500);
      for (const d of ['2037-12-10', '2037-12-11', '2037-12-12'])
        await createChallenge(t, u, { challengeDate: d, wakeUpTime: '06:00', forfeitAmount: 10 }).expect(201);
      const first = await t.http().get('/api/v1/wallet/notifications').query({ page: 0, size: 2 }).set(u.auth).expect(200);
      expect(first.body.data).toMatchObject({ page: 0, size: 2, total: 3 });
      expect(first.body.data.notifications).toHaveLength(2);
      const past = await t.http().get('/api/v1/wallet/notifications').query({ page: 5, size: 2 }).set(u.auth).expect(200);
      expect(past.body.data).toMatchObject({ page: 5, size: 2, total: 3, notifications: [] });
    });

    it('payment methods: page, size, total', async () => {
      const u = await createUser(t);
      await fund(t, u.id, 100_000n);
      for (const upiId of ['one@okaxis', 'two@okaxis', 'three@okaxis']) {
        await t.http().post('/api/v1/wallet/withdraw').set(u.auth).send({ amount: 100, withdrawalMethod: 'UPI', upiId }).expect(201);
      }
      const res = await t.http().get('/api/v1/wallet/payment-methods').query({ page: 1, size: 2 }).set(u.auth).expect(200);
      expect(res.body.data).toMatchObject({ page: 1, size: 2, total: 3 });
      expect(res.body.data.paymentMethods).toHaveLength(1);
      const all = await t.http().get('/api/v1/wallet/payment-methods').set(u.auth).expect(200);
      expect(all.body.data).toMatchObject({ page: 0, size: 20, total: 3 });
      await t.http().get('/api/v1/wallet/payment-methods').query({ size: 0 }).set(u.auth).expect(400);
    });

    it('earnings: page, size, total over its days, totals over the whole range', async () => {
      const u = await createUser(t);
      // Two days of winnings straight on the ledger (what settlement pays).
      const ds = t.app.get(DataSource);
      for (const [key, at] of [
        ['e1', ist('2026-11-20', '10:00')],
        ['e2', ist('2026-11-21', '10:00')],
      ] as const) {
        t.clock.set(at);
        await t.app.get(LedgerService).post({
          idempotencyKey: `test-earnings:${u.id}:${key}`,
          reason: 'WINNINGS',
          correlation: { type: 'adjustment', id: `test-earnings:${u.id}:${key}` },
          postings: [
            { account: WORLD, amount: -250n },
            { account: userWallet(u.id), amount: 250n },
          ],
          metadata: { test: true },
        });
      }
      const days = (
        await ds.query(`SELECT count(DISTINCT (created_at AT TIME ZONE 'Asia/Kolkata')::date)::int AS n FROM journal_entries WHERE idempotency_key LIKE $1`, [
          `test-earnings:${u.id}:%`,
        ])
      )[0].n;
      expect(days).toBe(2);
      const res = await t.http().get('/api/v1/wallet/earnings').query({ page: 1, size: 1 }).set(u.auth).expect(200);
      expect(res.body.data).toMatchObject({ page: 1, size: 1, total: 2, totalWinnings: 5 });
      expect(res.body.data.earnings).toEqual([expect.objectContaining({ date: '2026-11-21', winnings: 2.5 })]);
      await t.http().get('/api/v1/wallet/earnings').query({ page: 'x' }).set(u.auth).expect(400);
    });
  });
});
