import { randomUUID } from 'node:crypto';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { createUser } from '../factories/wallet.js';
import { StakeForfeitCommand } from '../../src/modules/wallet/commands/stake-forfeit/stake-forfeit.command.js';
import { StakeForfeitHandler } from '../../src/modules/wallet/commands/stake-forfeit/stake-forfeit.handler.js';
import { challengeRows, createChallenge, fundedUser, ist, notificationsOf, walletOf } from './challenges-helpers.js';

// "Now" for most tests: Sunday 2026-11-22, 12:00 in Kolkata. Tomorrow is 2026-11-23; the last bookable day 2026-11-29.
const TODAY = '2026-11-22';
const TOMORROW = '2026-11-23';
const NOON = ist(TODAY, '12:00');

describe('challenges: create, read, cancel', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.set(NOON));

  it('creates a challenge, moves the forfeit to its stake and answers every field', async () => {
    const u = await fundedUser(t, 500);
    const res = await createChallenge(t, u, { challengeDate: TOMORROW, wakeUpTime: '06:00', forfeitAmount: 25 }).expect(201);
    const c = res.body.challenge;
    expect(res.body.success).toBe(true);
    expect(c).toMatchObject({
      challengeDate: TOMORROW,
      wakeUpTime: '06:00',
      forfeitAmount: 25,
      status: 'PENDING',
      isCompleted: false,
      isSuccessful: null,
      canCheckIn: false,
      isWithinGracePeriod: false,
      isOverdue: false,
      gracePeriodStartTime: '2026-11-23T00:15:00.000Z',
      gracePeriodEndTime: '2026-11-23T00:40:00.000Z',
      checkInTime: null,
      verificationMethod: null,
      winningsAmount: 0,
      failureReason: null,
      actualForfeitAmount: 0,
      createdAt: NOON.toISOString(),
    });
    // 12:00 today to 05:45 tomorrow
    expect(c.timeRemainingMinutes).toBe(17 * 60 + 45);
    expect(typeof c.statusDescription).toBe('string');
    expect(await walletOf(t, u.id)).toBe(47500n);
    expect(await notificationsOf(t, u.id, 'CHALLENGE_CREATED')).toHaveLength(1);
  });

  it('accepts the edges: ₹10 and ₹100, 04:00 and 07:00, today + 7', async () => {
    const u = await fundedUser(t, 500);
    await createChallenge(t, u, { challengeDate: TOMORROW, wakeUpTime: '04:00', forfeitAmount: 10 }).expect(201);
    await createChallenge(t, u, { challengeDate: '2026-11-29', wakeUpTime: '07:00', forfeitAmount: 100 }).expect(201);
    expect(await walletOf(t, u.id)).toBe(39000n);
  });

  it.each([
    [{ wakeUpTime: '06:00', forfeitAmount: 25 }, 'challengeDate is required'],
    [{ challengeDate: TOMORROW, forfeitAmount: 25 }, 'wakeUpTime is required'],
    [{ challengeDate: TOMORROW, wakeUpTime: '06:00' }, 'forfeitAmount is required'],
    [{ challengeDate: '2026-02-30', wakeUpTime: '06:00', forfeitAmount: 25 }, 'challengeDate must be a date in the form YYYY-MM-DD'],
    [{ challengeDate: 20261123, wakeUpTime: '06:00', forfeitAmount: 25 }, 'challengeDate must be a date in the form YYYY-MM-DD'],
    [{ challengeDate: '2026-11-21', wakeUpTime: '06:00', forfeitAmount: 25 }, 'Challenge date cannot be in the past'],
    [{ challengeDate: '2026-11-30', wakeUpTime: '06:00', forfeitAmount: 25 }, 'Challenge date can be at most 7 days ahead (until 2026-11-29)'],
    [{ challengeDate: TOMORROW, wakeUpTime: '03:30', forfeitAmount: 25 }, 'wakeUpTime must be from 04:00 to 07:00 in 30-minute steps (HH:mm)'],
    [{ challengeDate: TOMORROW, wakeUpTime: '07:30', forfeitAmount: 25 }, 'wakeUpTime must be from 04:00 to 07:00 in 30-minute steps (HH:mm)'],
    [{ challengeDate: TOMORROW, wakeUpTime: '05:15', forfeitAmount: 25 }, 'wakeUpTime must be from 04:00 to 07:00 in 30-minute steps (HH:mm)'],
    [{ challengeDate: TOMORROW, wakeUpTime: '5:00', forfeitAmount: 25 }, 'wakeUpTime must be from 04:00 to 07:00 in 30-minute steps (HH:mm)'],
    [{ challengeDate: TOMORROW, wakeUpTime: '06:00', forfeitAmount: 9 }, 'forfeitAmount must be a whole number of rupees from ₹10 to ₹100'],
    [{ challengeDate: TOMORROW, wakeUpTime: '06:00', forfeitAmount: 101 }, 'forfeitAmount must be a whole number of rupees from ₹10 to ₹100'],
    [{ challengeDate: TOMORROW, wakeUpTime: '06:00', forfeitAmount: 25.5 }, 'forfeitAmount must be a whole number of rupees from ₹10 to ₹100'],
    [{ challengeDate: TOMORROW, wakeUpTime: '06:00', forfeitAmount: '25' }, 'forfeitAmount must be a number of rupees'],
    [{ challengeDate: TOMORROW, wakeUpTime: '06:00', forfeitAmount: 25, userId: randomUUID() }, 'Unknown field: userId'],
  ])('refuses %j with 400 "%s" and stakes nothing', async (body, message) => {
    const u = await fundedUser(t, 500);
    const res = await createChallenge(t, u, body).expect(400);
    expect(res.body).toMatchObject({ success: false, statusCode: 400, error: message });
    expect(await challengeRows(t, u.id)).toHaveLength(0);
    expect(await walletOf(t, u.id)).toBe(50000n);
  });

  it('needs a balance above ₹50', async () => {
    const u = await fundedUser(t, 50);
    const res = await createChallenge(t, u, { challengeDate: TOMORROW, wakeUpTime: '06:00', forfeitAmount: 10 }).expect(400);
    expect(res.body.error).toBe('Insufficient balance! You need more than ₹50 in your wallet to stake');
    const none = await createUser(t);
    const res2 = await createChallenge(t, none, { challengeDate: TOMORROW, wakeUpTime: '06:00', forfeitAmount: 10 }).expect(400);
    expect(res2.body.error).toBe('Insufficient balance! You need more than ₹50 in your wallet to stake');
    expect(await challengeRows(t, u.id)).toHaveLength(0);
    const ok = await fundedUser(t, 50.01);
    await createChallenge(t, ok, { challengeDate: TOMORROW, wakeUpTime: '06:00', forfeitAmount: 50 }).expect(201);
    expect(await walletOf(t, ok.id)).toBe(1n);
  });

  it('refuses a forfeit above the balance', async () => {
    const u = await fundedUser(t, 55);
    const res = await createChallenge(t, u, { challengeDate: TOMORROW, wakeUpTime: '06:00', forfeitAmount: 60 }).expect(400);
    expect(res.body.error).toBe('Forfeit amount exceeds available balance!');
    expect(await walletOf(t, u.id)).toBe(5500n);
  });

  it('allows one active challenge per date, and a new one after cancelling', async () => {
    const u = await fundedUser(t, 500);
    const first = await createChallenge(t, u, { challengeDate: TOMORROW, wakeUpTime: '06:00', forfeitAmount: 25 }).expect(201);
    const dup = await createChallenge(t, u, { challengeDate: TOMORROW, wakeUpTime: '05:00', forfeitAmount: 25 }).expect(400);
    expect(dup.body.error).toBe('You already have a challenge for this date');
    expect(await walletOf(t, u.id)).toBe(47500n);
    await t.http().delete(`/api/v1/challenges/${first.body.challenge.id}`).set(u.auth).expect(200);
    await createChallenge(t, u, { challengeDate: TOMORROW, wakeUpTime: '05:00', forfeitAmount: 25 }).expect(201);
  });

  it('allows today only while the window of the chosen time has not opened', async () => {
    const u = await fundedUser(t, 500);
    t.clock.set(ist(TODAY, '04:44:59'));
    const late = await createChallenge(t, u, { challengeDate: TODAY, wakeUpTime: '04:30', forfeitAmount: 25 }).expect(400);
    expect(late.body.error).toMatch(/check-in window for this wake-up time has already opened/);
    await createChallenge(t, u, { challengeDate: TODAY, wakeUpTime: '05:00', forfeitAmount: 25 }).expect(201);
  });

  it('two creates racing for the last of the balance: one wins, the other stakes nothing', async () => {
    const u = await fundedUser(t, 60);
    const [a, b] = await Promise.all([
      createChallenge(t, u, { challengeDate: TOMORROW, wakeUpTime: '06:00', forfeitAmount: 40 }),
      createChallenge(t, u, { challengeDate: '2026-11-24', wakeUpTime: '06:00', forfeitAmount: 40 }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 400]);
    // overlapping: the wallet refuses the overdraw; one after the other: the ₹20 left is below the ₹50 rule
    expect(['Forfeit amount exceeds available balance!', 'Insufficient balance! You need more than ₹50 in your wallet to stake']).toContain(
      [a, b].find((r) => r.status === 400)!.body.error,
    );
    expect(await challengeRows(t, u.id)).toHaveLength(1);
    expect(await walletOf(t, u.id)).toBe(2000n);
  });

  it('lists newest first with paging, leaves cancelled out, and validates page and size', async () => {
    const u = await fundedUser(t, 500);
    const ids: string[] = [];
    for (const [i, date] of ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26'].entries()) {
      t.clock.set(new Date(NOON.getTime() + i * 1000));
      ids.push((await createChallenge(t, u, { challengeDate: date, wakeUpTime: '06:00', forfeitAmount: 10 }).expect(201)).body.challenge.id);
    }
    await t.http().delete(`/api/v1/challenges/${ids[3]}`).set(u.auth).expect(200);
    const p0 = await t.http().get('/api/v1/challenges?page=0&size=2').set(u.auth).expect(200);
    expect(p0.body).toMatchObject({ success: true, page: 0, size: 2, total: 3 });
    expect(p0.body.challenges.map((c: { id: string }) => c.id)).toEqual([ids[2], ids[1]]);
    const p1 = await t.http().get('/api/v1/challenges?page=1&size=2').set(u.auth).expect(200);
    expect(p1.body.challenges.map((c: { id: string }) => c.id)).toEqual([ids[0]]);
    const dflt = await t.http().get('/api/v1/challenges').set(u.auth).expect(200);
    expect(dflt.body).toMatchObject({ page: 0, size: 10, total: 3 });
    for (const q of ['size=101', 'size=0', 'page=-1', 'page=abc', 'size=2.5', 'bogus=1']) {
      const bad = await t.http().get(`/api/v1/challenges?${q}`).set(u.auth).expect(400);
      expect(bad.body.success).toBe(false);
    }
    const cancelled = await t.http().get('/api/v1/challenges/status/CANCELLED').set(u.auth).expect(200);
    expect(cancelled.body.challenges.map((c: { id: string }) => c.id)).toEqual([ids[3]]);
    const pending = await t.http().get('/api/v1/challenges/status/pending').set(u.auth).expect(200);
    expect(pending.body.total).toBe(3);
    const badStatus = await t.http().get('/api/v1/challenges/status/SUCCESSFUL').set(u.auth).expect(400);
    expect(badStatus.body.error).toBe('status must be one of PENDING, ACTIVE, COMPLETED, PROCESSED, CANCELLED');
  });

  it('reads by id and by date; another user gets 404; a malformed id is 404', async () => {
    const u = await fundedUser(t, 500);
    const other = await fundedUser(t, 500);
    const id = (await createChallenge(t, u, { challengeDate: TOMORROW, wakeUpTime: '06:30', forfeitAmount: 10 }).expect(201)).body.challenge.id;
    const one = await t.http().get(`/api/v1/challenges/${id}`).set(u.auth).expect(200);
    expect(one.body).toMatchObject({ success: true, challenge: { id, wakeUpTime: '06:30' } });
    const byDate = await t.http().get(`/api/v1/challenges/date/${TOMORROW}`).set(u.auth).expect(200);
    expect(byDate.body.challenge.id).toBe(id);
    expect(byDate.body.challenges).toHaveLength(1);
    const empty = await t.http().get('/api/v1/challenges/date/2026-11-28').set(u.auth).expect(200);
    expect(empty.body).toMatchObject({ challenges: [], challenge: null });
    await t.http().get('/api/v1/challenges/date/2026-11-31').set(u.auth).expect(400);
    const theirs = await t.http().get(`/api/v1/challenges/${id}`).set(other.auth).expect(404);
    expect(theirs.body).toEqual({ success: false, statusCode: 404, error: 'Challenge not found', message: 'Challenge not found' });
    await t.http().get('/api/v1/challenges/not-a-uuid').set(u.auth).expect(404);
    await t.http().get(`/api/v1/challenges/${randomUUID()}`).set(u.auth).expect(404);
    const otherDate = await t.http().get(`/api/v1/challenges/date/${TOMORROW}`).set(other.auth).expect(200);
    expect(otherDate.body.challenges).toHaveLength(0);
    await t.http().get(`/api/v1/challenges/${id}`).expect(401);
  });

  it('can-create answers with the reason when it is false', async () => {
    const u = await fundedUser(t, 500);
    expect((await t.http().get(`/api/v1/challenges/can-create?date=${TOMORROW}`).set(u.auth).expect(200)).body).toEqual({ canCreate: true });
    await createChallenge(t, u, { challengeDate: TOMORROW, wakeUpTime: '06:00', forfeitAmount: 10 }).expect(201);
    expect((await t.http().get(`/api/v1/challenges/can-create?date=${TOMORROW}`).set(u.auth).expect(200)).body).toEqual({
      canCreate: false,
      reason: 'You already have a challenge for this date',
    });
    const past = await t.http().get('/api/v1/challenges/can-create?date=2026-11-21').set(u.auth).expect(200);
    expect(past.body).toEqual({ canCreate: false, reason: 'Challenge date cannot be in the past' });
    const far = await t.http().get('/api/v1/challenges/can-create?date=2026-11-30').set(u.auth).expect(200);
    expect(far.body.canCreate).toBe(false);
    // at noon every slot of today has opened already
    expect((await t.http().get(`/api/v1/challenges/can-create?date=${TODAY}`).set(u.auth).expect(200)).body.canCreate).toBe(false);
    const poor = await fundedUser(t, 20);
    expect((await t.http().get(`/api/v1/challenges/can-create?date=${TOMORROW}`).set(poor.auth).expect(200)).body).toEqual({
      canCreate: false,
      reason: 'Insufficient balance! You need more than ₹50 in your wallet to stake',
    });
    await t.http().get('/api/v1/challenges/can-create').set(u.auth).expect(400);
    await t.http().get('/api/v1/challenges/can-create?date=tomorrow').set(u.auth).expect(400);
  });

  it('cancels at 23:59 the night before with a full refund; at 00:00 on the day it is refused', async () => {
    const u = await fundedUser(t, 500);
    const a = (await createChallenge(t, u, { challengeDate: TOMORROW, wakeUpTime: '06:00', forfeitAmount: 40 }).expect(201)).body.challenge.id;
    const b = (await createChallenge(t, u, { challengeDate: '2026-11-24', wakeUpTime: '06:00', forfeitAmount: 30 }).expect(201)).body.challenge.id;
    expect(await walletOf(t, u.id)).toBe(43000n);

    t.clock.set(ist(TODAY, '23:59:59'));
    const ok = await t.http().delete(`/api/v1/challenges/${a}`).set(u.auth).expect(200);
    expect(ok.body).toMatchObject({ success: true, refundedAmount: 40, challenge: { id: a, status: 'CANCELLED', refundedAmount: 40 } });
    expect(await walletOf(t, u.id)).toBe(47000n);
    expect(await notificationsOf(t, u.id, 'CHALLENGE_CANCELLED')).toHaveLength(1);
    const again = await t.http().delete(`/api/v1/challenges/${a}`).set(u.auth).expect(400);
    expect(again.body.error).toBe('This challenge was cancelled');
    expect(await walletOf(t, u.id)).toBe(47000n);

    t.clock.set(ist('2026-11-24', '00:00'));
    const refused = await t.http().delete(`/api/v1/challenges/${b}`).set(u.auth).expect(400);
    expect(refused.body.error).toBe('Cancellation is closed for this challenge');
    expect(await walletOf(t, u.id)).toBe(47000n);
    expect((await t.http().get(`/api/v1/challenges/${b}`).set(u.auth).expect(200)).body.challenge.status).toBe('PENDING');
  });

  it("another user's challenge is 404 on cancel and nothing moves", async () => {
    const u = await fundedUser(t, 500);
    const other = await fundedUser(t, 500);
    const id = (await createChallenge(t, u, { challengeDate: TOMORROW, wakeUpTime: '06:00', forfeitAmount: 25 }).expect(201)).body.challenge.id;
    await t.http().delete(`/api/v1/challenges/${id}`).set(other.auth).expect(404);
    await t.http().delete('/api/v1/challenges/123').set(u.auth).expect(404);
    expect(await walletOf(t, other.id)).toBe(50000n);
    expect(await walletOf(t, u.id)).toBe(47500n);
    expect((await challengeRows(t, u.id))[0].status).toBe('PENDING');
  });
});

@CommandHandler(StakeForfeitCommand)
class FailingStakeHandler implements ICommandHandler<StakeForfeitCommand> {
  async execute(): Promise<never> {
    throw new Error('ledger unavailable (forced by the test)');
  }
}

describe('challenges: the stake fails, TEST_MODE off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { TEST_MODE: 'false' },
      override: (b) => b.overrideProvider(StakeForfeitHandler).useClass(FailingStakeHandler),
    });
  });
  afterAll(() => t.close());

  it('a failure of the stake leaves no challenge', async () => {
    t.clock.set(NOON);
    const u = await fundedUser(t, 500);
    const res = await createChallenge(t, u, { challengeDate: TOMORROW, wakeUpTime: '06:00', forfeitAmount: 25 });
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ success: false, statusCode: 500 });
    expect(JSON.stringify(res.body)).not.toContain('forced by the test');
    expect(await challengeRows(t, u.id)).toHaveLength(0);
    expect(await walletOf(t, u.id)).toBe(50000n);
    const n = await t.app.get(DataSource).query(`SELECT count(*)::int AS n FROM challenges WHERE user_id = $1`, [u.id]);
    expect(n[0].n).toBe(0);
  });

  it('the test-challenge endpoint answers 404 without TEST_MODE, signed in or not', async () => {
    const u = await fundedUser(t, 500);
    const res = await t.http().post('/api/v1/test/challenges/create-test-challenge').set(u.auth).send({}).expect(404);
    expect(res.body).toEqual({ success: false, statusCode: 404, error: 'Resource not found', message: 'Resource not found' });
    await t.http().post('/api/v1/test/challenges/create-test-challenge').send({ bogus: 1 }).expect(404);
  });
});
