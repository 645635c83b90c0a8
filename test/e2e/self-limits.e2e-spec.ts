import { CommandBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { balanceOf, createUser, fund, TestUser } from '../factories/wallet.js';
import { userWallet } from '../../src/modules/wallet/domain/accounts.js';
import { zonedInstant } from '../../src/common/time.js';
import { BookPlannedChallengesCommand } from '../../src/modules/challenges/plans/commands/book-planned-challenges/book-planned-challenges.command.js';

const TZ = 'Asia/Kolkata';
const NOW = '2026-11-20T04:30:00Z'; // Friday 20 November 2026, 10:00 IST
const HOUR = 3_600_000;

describe('self-limits: a monthly stake cap and a cooling-off pause, honoured by the server', () => {
  let t: TestApp;
  let ds: DataSource;

  const limits = (u: TestUser) => t.http().get('/api/v1/me/limits').set(u.auth);
  const setCap = (u: TestUser, monthlyStakeCap: unknown) => t.http().put('/api/v1/me/limits').set(u.auth).send({ monthlyStakeCap });
  const stake = (u: TestUser, challengeDate: string, forfeitAmount: number) =>
    t.http().post('/api/v1/challenges').set(u.auth).send({ challengeDate, wakeUpTime: '06:00', forfeitAmount });
  const canCreate = async (u: TestUser, date: string) => (await t.http().get(`/api/v1/challenges/can-create?date=${date}`).set(u.auth).expect(200)).body;
  async function player(rupees = 1_000): Promise<TestUser> {
    const u = await createUser(t);
    await fund(t, u.id, BigInt(rupees) * 100n);
    return u;
  }

  beforeAll(async () => {
    t = await createTestApp();
    ds = t.app.get(DataSource);
  });
  beforeEach(() => t.clock.set(NOW));
  afterAll(() => t.close());

  it('starts with no limits, and answers the month’s stakes', async () => {
    const me = await player();
    await stake(me, '2026-11-21', 30).expect(201);
    expect((await limits(me).expect(200)).body).toEqual({
      success: true,
      data: {
        monthlyStakeCap: null,
        pendingMonthlyStakeCap: null,
        month: '2026-11',
        monthStaked: 30,
        monthRemaining: null,
        isPaused: false,
        pausedUntil: null,
        coolingOffHours: 24,
        pauseDayOptions: [7, 30],
        minMonthlyStakeCap: 10,
        maxMonthlyStakeCap: 3100,
      },
    });
  });

  it('refuses a stake that takes the calendar month over the cap, with a 400 that says what is left; cancelled ones do not count', async () => {
    const me = await player();
    expect((await setCap(me, 100).expect(200)).body.data).toMatchObject({ monthlyStakeCap: 100, pendingMonthlyStakeCap: null, monthRemaining: 100 });
    await stake(me, '2026-11-21', 60).expect(201);
    const refused = await stake(me, '2026-11-22', 50).expect(400);
    expect(refused.body).toEqual({
      success: false,
      statusCode: 400,
      error: 'This stake would go over your monthly limit of ₹100 for November 2026: ₹60 is already staked, ₹40 left',
      message: 'This stake would go over your monthly limit of ₹100 for November 2026: ₹60 is already staked, ₹40 left',
    });
    const last = await stake(me, '2026-11-22', 40).expect(201);
    // nothing was taken for the refused one: ₹1,000 − ₹60 − ₹40
    expect(await balanceOf(t, userWallet(me.id))).toBe(90_000n);
    expect(await canCreate(me, '2026-11-23')).toEqual({
      canCreate: false,
      reason: 'This stake would go over your monthly limit of ₹100 for November 2026: ₹100 is already staked, ₹0 left',
    });
    // a cancelled challenge gives its room back
    await t.http().delete(`/api/v1/challenges/${last.body.challenge.id}`).set(me.auth).expect(200);
    await stake(me, '2026-11-23', 40).expect(201);
    // the month is the challenge date's (IST calendar month): December starts afresh
    t.clock.set('2026-11-27T04:30:00Z');
    await stake(me, '2026-12-01', 100).expect(201);
    expect((await limits(me)).body.data).toMatchObject({ month: '2026-11', monthStaked: 100, monthRemaining: 0 });
  });

  it('a lower cap holds at once; a higher cap or none only after 24 hours', async () => {
    const me = await player();
    await setCap(me, 100).expect(200);
    await stake(me, '2026-11-21', 100).expect(201);
    const raised = (await setCap(me, 200).expect(200)).body.data;
    expect(raised).toMatchObject({
      monthlyStakeCap: 100,
      pendingMonthlyStakeCap: { monthlyStakeCap: 200, effectiveAt: new Date(Date.parse(NOW) + 24 * HOUR).toISOString() },
    });
    await stake(me, '2026-11-22', 20).expect(400);
    t.clock.advance(24 * HOUR - 1000);
    await stake(me, '2026-11-22', 20).expect(400);
    t.clock.advance(1000);
    await stake(me, '2026-11-22', 20).expect(201);
    expect((await limits(me)).body.data).toMatchObject({ monthlyStakeCap: 200, pendingMonthlyStakeCap: null, monthStaked: 120, monthRemaining: 80 });

    // lowering: at once, and it drops a pending raise
    await setCap(me, null).expect(200);
    expect((await setCap(me, 130).expect(200)).body.data).toMatchObject({ monthlyStakeCap: 130, pendingMonthlyStakeCap: null });
    await stake(me, '2026-11-23', 20).expect(400);
    // removing the cap waits out the day as well
    expect((await setCap(me, null).expect(200)).body.data).toMatchObject({ monthlyStakeCap: 130, pendingMonthlyStakeCap: { monthlyStakeCap: null } });
    t.clock.advance(24 * HOUR);
    expect((await limits(me)).body.data).toMatchObject({ monthlyStakeCap: null, pendingMonthlyStakeCap: null, monthRemaining: null });
    await stake(me, '2026-11-23', 100).expect(201);
  });

  it('a cooling-off pause refuses new stakes at once; ending it early takes 24 hours', async () => {
    const me = await player();
    const paused = (await t.http().post('/api/v1/me/limits/pause').set(me.auth).send({ days: 7 }).expect(200)).body.data;
    expect(paused).toMatchObject({ isPaused: true, pausedUntil: '2026-11-27T04:30:00.000Z' });
    const message = 'You are on a cooling-off pause until 27 Nov 2026, 10:00 AM IST: no new stakes until then';
    expect((await stake(me, '2026-11-21', 20).expect(400)).body.error).toBe(message);
    expect(await canCreate(me, '2026-11-21')).toEqual({ canCreate: false, reason: message });
    // a shorter pause never shortens a longer one
    expect((await t.http().post('/api/v1/me/limits/pause').set(me.auth).send({ days: 7 }).expect(200)).body.data.pausedUntil).toBe('2026-11-27T04:30:00.000Z');

    t.clock.advance(HOUR);
    const ending = (await t.http().delete('/api/v1/me/limits/pause').set(me.auth).expect(200)).body.data;
    expect(ending).toMatchObject({ isPaused: true, pausedUntil: '2026-11-21T05:30:00.000Z' });
    t.clock.advance(24 * HOUR - 1000);
    await stake(me, '2026-11-23', 20).expect(400);
    t.clock.advance(1000);
    await stake(me, '2026-11-23', 20).expect(201);
    expect((await limits(me)).body.data).toMatchObject({ isPaused: false, pausedUntil: null });
    expect((await t.http().delete('/api/v1/me/limits/pause').set(me.auth).expect(400)).body.error).toBe('You have no cooling-off pause to end');
  });

  it('refuses limits a person could not mean, in the error shape', async () => {
    const me = await player();
    const rule = 'monthlyStakeCap must be a whole number of rupees from ₹10 to ₹3,100, or null for no cap';
    for (const bad of [5, 10.5, 3_101, 0, -100]) expect((await setCap(me, bad).expect(400)).body.error).toBe(rule);
    expect((await setCap(me, '100').expect(400)).body.error).toBe('monthlyStakeCap must be a number of rupees, or null for no cap');
    await t.http().put('/api/v1/me/limits').set(me.auth).send({}).expect(400);
    await t.http().put('/api/v1/me/limits').set(me.auth).send({ monthlyStakeCap: 100, extra: 1 }).expect(400);
    for (const days of [14, 0, '7', null])
      expect((await t.http().post('/api/v1/me/limits/pause').set(me.auth).send({ days }).expect(400)).body.error).toBe('days must be one of 7, 30');
    await t.http().get('/api/v1/me/limits').expect(401);
    expect((await limits(me)).body.data).toMatchObject({ monthlyStakeCap: null, isPaused: false });
  });

  it('holds under concurrency: parallel stakes for different dates never pass the cap together', async () => {
    const me = await player();
    await setCap(me, 100).expect(200);
    const dates = ['2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26'];
    const answers = await Promise.all(dates.map((d) => stake(me, d, 30)));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(3);
    for (const r of answers.filter((r) => r.status !== 201)) expect(r.body.error).toMatch(/^This stake would go over your monthly limit of ₹100/);
    const [{ total }] = (await ds.query(`SELECT sum(stake)::text AS total FROM challenges WHERE user_id = $1 AND status <> 'CANCELLED'`, [me.id])) as {
      total: string;
    }[];
    expect(total).toBe('9000');
    expect(await balanceOf(t, userWallet(me.id))).toBe(100_000n - 9_000n);
  });

  it('binds a challenge plan’s bookings too: a paused morning is skipped with the reason', async () => {
    const me = await player();
    await t
      .http()
      .post('/api/v1/challenge-plans')
      .set(me.auth)
      .send({ days: 'EVERY_DAY', wakeUpTime: '06:00', forfeitAmount: 20, startDate: '2026-11-22', weeks: 1 })
      .expect(201);
    await t.http().post('/api/v1/me/limits/pause').set(me.auth).send({ days: 7 }).expect(200);
    t.clock.set(new Date(zonedInstant('2026-11-21', '20:00', TZ).getTime() + 30_000));
    await t.app.get(CommandBus).execute(new BookPlannedChallengesCommand());
    expect(await ds.query(`SELECT id FROM challenges WHERE user_id = $1`, [me.id])).toEqual([]);
    const [note] = (await ds.query(`SELECT message FROM notifications WHERE user_id = $1 AND type = 'PLAN_SKIPPED'`, [me.id])) as { message: string }[];
    expect(note.message).toMatch(/You are on a cooling-off pause until 27 Nov 2026, 10:00 AM IST/);
  });
});
