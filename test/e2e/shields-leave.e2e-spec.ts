import { CommandBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { balanceOf, createUser, fund, TestUser } from '../factories/wallet.js';
import { expectLedgerConsistent } from '../setup/ledger-invariants.js';
import { addDays, zonedInstant } from '../../src/common/time.js';
import { userWallet } from '../../src/modules/wallet/domain/accounts.js';
import { SettleDateCommand } from '../../src/modules/settlement/commands/settle-date/settle-date.command.js';
import { BookPlannedChallengesCommand } from '../../src/modules/challenges/plans/commands/book-planned-challenges/book-planned-challenges.command.js';

const TZ = 'Asia/Kolkata';
const at = (date: string, time: string) => zonedInstant(date, time, TZ);

/** Wake shields earned by 7 successful mornings (at most 3), spent before a window; declared leave. */
describe('wake shields and declared leave', () => {
  let t: TestApp;
  let ds: DataSource;

  const player = async (): Promise<TestUser> => {
    const u = await createUser(t);
    await fund(t, u.id, 500_000n); // ₹5,000
    return u;
  };
  const wallet = (u: TestUser) => balanceOf(t, userWallet(u.id));
  const shields = async (u: TestUser) => (await t.http().get('/api/v1/shields').set(u.auth).expect(200)).body.data;
  const stats = async (u: TestUser) => (await t.http().get('/api/v1/challenges/stats').set(u.auth).expect(200)).body;
  /** Books a 06:00 challenge for `date` at noon the day before. */
  const book = async (u: TestUser, date: string, stake = 20): Promise<string> => {
    t.clock.set(at(addDays(date, -1), '12:00'));
    const res = await t.http().post('/api/v1/challenges').set(u.auth).send({ challengeDate: date, wakeUpTime: '06:00', forfeitAmount: stake });
    if (res.status !== 201) throw new Error(`booking ${date}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.challenge.id;
  };
  const checkIn = async (u: TestUser, id: string, date: string) => {
    t.clock.set(at(date, '06:00'));
    await t.http().post('/api/v1/challenges/verify').set(u.auth).send({ challengeId: id, verificationMethod: 'MANUAL' }).expect(200);
  };
  const settle = async (date: string) => {
    t.clock.set(at(date, '09:00'));
    await t.app.get(CommandBus).execute(new SettleDateCommand(date));
  };
  /** A whole morning: booked, checked in on time (or not), settled. */
  const morning = async (u: TestUser, date: string, ok: boolean) => {
    const id = await book(u, date);
    if (ok) await checkIn(u, id, date);
    await settle(date);
    return id;
  };
  const spend = (u: TestUser, id: string) => t.http().post(`/api/v1/challenges/${id}/shield`).set(u.auth);

  beforeAll(async () => {
    t = await createTestApp();
    ds = t.app.get(DataSource);
  });
  afterEach(() => expectLedgerConsistent(t.app));
  afterAll(() => t.close());

  it('earns a shield for every 7 successful mornings in a row, holds at most 3, and a miss starts the run again', async () => {
    const me = await player();
    const START = '2026-07-01';
    expect(await shields(me)).toEqual({ held: 0, max: 3, morningsPerShield: 7, nextShieldIn: 7, atCap: false, earned: 0, spent: 0 });
    for (let i = 0; i < 28; i++) {
      await morning(me, addDays(START, i), true);
      const s = await shields(me);
      if (i === 5) expect(s).toMatchObject({ held: 0, nextShieldIn: 1 });
      if (i === 6) expect(s).toMatchObject({ held: 1, nextShieldIn: 7 });
      if (i === 13) expect(s).toMatchObject({ held: 2 });
      if (i === 20) expect(s).toMatchObject({ held: 3, atCap: true });
    }
    // the 28th morning made a 4th shield: at the cap, it is not kept
    expect(await shields(me)).toMatchObject({ held: 3, earned: 3, atCap: true, nextShieldIn: 7 });

    const other = await player();
    for (let i = 0; i < 6; i++) await morning(other, addDays(START, i), true);
    await morning(other, addDays(START, 6), false);
    expect(await shields(other)).toMatchObject({ held: 0, nextShieldIn: 7 });
    for (let i = 7; i < 13; i++) await morning(other, addDays(START, i), true);
    expect(await shields(other)).toMatchObject({ held: 0, nextShieldIn: 1 });
    // a checked-in morning counts once it is settled, not before
    const id = await book(other, addDays(START, 13));
    await checkIn(other, id, addDays(START, 13));
    expect(await shields(other)).toMatchObject({ held: 0, nextShieldIn: 1 });
    await settle(addDays(START, 13));
    expect(await shields(other)).toMatchObject({ held: 1, nextShieldIn: 7 });
  });

  it('a shield spent before the window returns the whole stake (SHIELD_USED) and keeps the streak', async () => {
    const me = await player();
    const START = '2026-08-01';
    for (let i = 0; i < 7; i++) await morning(me, addDays(START, i), true);
    const day = addDays(START, 7);
    const id = await book(me, day, 40);
    const before = await wallet(me);
    t.clock.set(at(day, '05:44'));
    const res = await spend(me, id).expect(200);
    expect(res.body.data).toMatchObject({ challengeId: id, challengeDate: day, refundedAmount: 40, shields: { held: 0, spent: 1, nextShieldIn: 7 } });
    expect(await wallet(me)).toBe(before + 4_000n);
    const [entry] = (await ds.query(`SELECT reason FROM journal_entries WHERE correlation_id = $1 AND reason <> 'CHALLENGE_STAKE'`, [id])) as {
      reason: string;
    }[];
    expect(entry.reason).toBe('SHIELD_USED');
    const tx = (await t.http().get('/api/v1/wallet/transactions').set(me.auth).expect(200)).body.data.transactions[0];
    expect(tx).toMatchObject({ type: 'REFUND', amount: 40, credit: true, description: 'Stake returned: a wake shield excused the morning' });
    expect((await ds.query(`SELECT kind, amount::text FROM challenge_excusals WHERE challenge_id = $1`, [id]))[0]).toEqual({ kind: 'SHIELD', amount: '4000' });
    await settle(day);
    // the excused morning neither breaks nor extends the streak
    await morning(me, addDays(START, 8), true);
    expect(await stats(me)).toMatchObject({ currentStreak: 8, longestStreak: 8, successfulChallenges: 8, failedChallenges: 0 });
    expect(await shields(me)).toMatchObject({ held: 0, nextShieldIn: 6 });

    // again: nothing held, and never once the window has opened
    const next = addDays(START, 9);
    const late = await book(me, next);
    expect((await spend(me, late).expect(400)).body.error).toBe('You hold no wake shield: one is earned every 7 successful mornings in a row');
    t.clock.set(at(next, '05:45'));
    expect((await spend(me, late).expect(400)).body.error).toBe('A shield must be used before the check-in window opens');
    // someone else's challenge, or no challenge at all
    const stranger = await player();
    await spend(stranger, late).expect(404);
    await t.http().post('/api/v1/challenges/not-a-uuid/shield').set(me.auth).expect(404);
    await t.http().get('/api/v1/shields').expect(401);
  });

  it('two spends at once use one shield: one succeeds, the other is refused', async () => {
    const me = await player();
    const START = '2026-09-01';
    for (let i = 0; i < 7; i++) await morning(me, addDays(START, i), true);
    const a = await book(me, addDays(START, 8));
    const b = await book(me, addDays(START, 9));
    const funded = await wallet(me);
    t.clock.set(at(addDays(START, 7), '12:00'));
    expect(await shields(me)).toMatchObject({ held: 1 }); // a read stores its fold; the spends start from it
    const results = await Promise.all([spend(me, a), spend(me, b)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.status === 400)!.body.error).toMatch(/^You hold no wake shield/);
    expect(await shields(me)).toMatchObject({ held: 0, spent: 1, earned: 1 });
    expect(await wallet(me)).toBe(funded + 2_000n);
    const statuses = (await ds.query(`SELECT status FROM challenges WHERE id = ANY($1) ORDER BY status`, [[a, b]])) as { status: string }[];
    expect(statuses.map((s) => s.status)).toEqual(['CANCELLED', 'PENDING']);
  });

  it('books leave by 20:00 the evening before: a challenge that day is excused (LEAVE) and new ones are refused', async () => {
    const me = await player();
    const DAY = '2026-10-06';
    const id = await book(me, DAY, 30);
    const before = await wallet(me);
    t.clock.set(at(addDays(DAY, -1), '19:59'));
    const res = await t.http().post('/api/v1/leave').set(me.auth).send({ date: DAY }).expect(201);
    expect(res.body.data).toEqual({ date: DAY, excused: [{ challengeId: id, refundedAmount: 30 }] });
    expect(await wallet(me)).toBe(before + 3_000n);
    const [entry] = (await ds.query(`SELECT reason FROM journal_entries WHERE correlation_id = $1 AND reason <> 'CHALLENGE_STAKE'`, [id])) as {
      reason: string;
    }[];
    expect(entry.reason).toBe('LEAVE');
    expect((await t.http().get(`/api/v1/challenges/${id}`).set(me.auth).expect(200)).body.challenge).toMatchObject({ status: 'CANCELLED', refundedAmount: 30 });

    expect((await t.http().post('/api/v1/leave').set(me.auth).send({ date: DAY }).expect(400)).body.error).toBe(`You are already on leave on ${DAY}`);
    const create = await t.http().post('/api/v1/challenges').set(me.auth).send({ challengeDate: DAY, wakeUpTime: '06:30', forfeitAmount: 10 }).expect(400);
    expect(create.body.error).toBe(`You are on leave on ${DAY}: remove the leave day first`);

    t.clock.set(at(addDays(DAY, -1), '20:00'));
    const tooLate = await t
      .http()
      .post('/api/v1/leave')
      .set((await player()).auth)
      .send({ date: DAY })
      .expect(400);
    expect(tooLate.body.error).toBe(`Leave for ${DAY} had to be booked by 20:00 the evening before`);
    expect((await t.http().delete(`/api/v1/leave/${DAY}`).set(me.auth).expect(400)).body.error).toBe(
      `Leave for ${DAY} can only be removed by 20:00 the evening before`,
    );
    await t.http().post('/api/v1/leave').set(me.auth).send({ date: 'tomorrow' }).expect(400);
    await t.http().post('/api/v1/leave').send({ date: DAY }).expect(401);
  });

  it('allows LEAVE_DAYS_PER_MONTH (4) days a calendar month; removing one frees it', async () => {
    const me = await player();
    t.clock.set(at('2026-10-20', '12:00'));
    const post = (date: string) => t.http().post('/api/v1/leave').set(me.auth).send({ date });
    for (const d of ['2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23']) await post(d).expect(201);
    expect((await post('2026-11-30').expect(400)).body.error).toBe('You can take at most 4 days of leave a month (2026-11 is full)');
    await post('2026-12-01').expect(201);
    await t.http().delete('/api/v1/leave/2026-11-16').set(me.auth).expect(200);
    await t.http().delete('/api/v1/leave/2026-11-16').set(me.auth).expect(404);
    await post('2026-11-30').expect(201);
    const list = (await t.http().get('/api/v1/leave').set(me.auth).expect(200)).body.data;
    expect(list).toMatchObject({ limitPerMonth: 4, cutoffTime: '20:00', usedByMonth: { '2026-11': 4, '2026-12': 1 } });
    expect(list.days.map((d: { date: string }) => d.date)).toEqual(['2026-11-02', '2026-11-09', '2026-11-23', '2026-11-30', '2026-12-01']);
    expect(list.days[0]).toMatchObject({ removable: true });

    // two bookings at once for the month's last free day: one wins
    const other = await player();
    for (const d of ['2026-11-03', '2026-11-04', '2026-11-05']) await t.http().post('/api/v1/leave').set(other.auth).send({ date: d }).expect(201);
    const both = await Promise.all(['2026-11-10', '2026-11-11'].map((date) => t.http().post('/api/v1/leave').set(other.auth).send({ date })));
    expect(both.map((r) => r.status).sort()).toEqual([201, 400]);
  });

  it('counts a leave day as excused for the streak, and plans skip leave days quietly', async () => {
    const me = await player();
    await morning(me, '2026-10-12', true);
    t.clock.set(at('2026-10-12', '12:00'));
    await t.http().post('/api/v1/leave').set(me.auth).send({ date: '2026-10-13' }).expect(201);
    await morning(me, '2026-10-14', true);
    expect(await stats(me)).toMatchObject({ currentStreak: 2, longestStreak: 2, totalChallenges: 2 });

    // a plan of Mon/Wed/Fri for a week from 2026-10-19; leave on Wednesday the 21st
    t.clock.set(at('2026-10-17', '12:00'));
    const plan = (
      await t
        .http()
        .post('/api/v1/challenge-plans')
        .set(me.auth)
        .send({ days: [1, 3, 5], wakeUpTime: '06:00', forfeitAmount: 10, startDate: '2026-10-19', weeks: 1 })
        .expect(201)
    ).body.data.plan;
    await t.http().post('/api/v1/leave').set(me.auth).send({ date: '2026-10-21' }).expect(201);
    for (const d of ['2026-10-19', '2026-10-21', '2026-10-23']) {
      t.clock.set(new Date(at(addDays(d, -1), '20:00').getTime() + 30_000));
      await t.app.get(CommandBus).execute(new BookPlannedChallengesCommand());
    }
    const booked = (await ds.query(`SELECT to_char(challenge_date, 'YYYY-MM-DD') AS d FROM challenges WHERE user_id = $1 AND status = 'PENDING' ORDER BY 1`, [
      me.id,
    ])) as { d: string }[];
    expect(booked.map((b) => b.d)).toEqual(['2026-10-19', '2026-10-23']);
    const days = (await t.http().get('/api/v1/challenge-plans').set(me.auth).expect(200)).body.data.plans.find((p: { id: string }) => p.id === plan.id).days;
    expect(days.find((d: { date: string }) => d.date === '2026-10-21')).toMatchObject({ outcome: 'SKIPPED', reason: 'On leave' });
    expect(await ds.query(`SELECT 1 FROM notifications WHERE user_id = $1 AND type = 'PLAN_SKIPPED'`, [me.id])).toHaveLength(0);
  });
});
