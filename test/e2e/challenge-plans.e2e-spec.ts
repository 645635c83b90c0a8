import { CommandBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { balanceOf, createUser, fund, TestUser } from '../factories/wallet.js';
import { addDays, zonedInstant } from '../../src/common/time.js';
import { userWallet } from '../../src/modules/wallet/domain/accounts.js';
import { BookPlannedChallengesCommand } from '../../src/modules/challenges/plans/commands/book-planned-challenges/book-planned-challenges.command.js';

const TZ = 'Asia/Kolkata';
// 2026-05-04 is a Monday: the plan runs weekdays from then for four weeks (20 mornings), ₹20 each.
const START = '2026-05-04';

describe('challenge plans (recurring challenges)', () => {
  let t: TestApp;
  let ds: DataSource;
  let me: TestUser;

  const book = () => t.app.get(CommandBus).execute(new BookPlannedChallengesCommand());
  const evening = (date: string) => zonedInstant(addDays(date, -1), '20:00', TZ);

  beforeAll(async () => {
    t = await createTestApp();
    ds = t.app.get(DataSource);
    me = await createUser(t);
    await ds.query(`UPDATE users SET date_of_birth = '1990-01-01' WHERE id = $1`, [me.id]);
    t.clock.set('2026-05-01T06:00:00Z');
  });
  afterAll(() => t.close());

  it('refuses plans a person could not mean, in the error shape', async () => {
    const post = (body: object) => t.http().post('/api/v1/challenge-plans').set(me.auth).send(body);
    expect((await post({ days: 'MONDAYS', wakeUpTime: '06:00', forfeitAmount: 20 }).expect(400)).body.error).toMatch(/^days must be WEEKDAYS/);
    expect((await post({ days: 'WEEKDAYS', wakeUpTime: '09:00', forfeitAmount: 20 }).expect(400)).body.error).toMatch(/^wakeUpTime must be from 04:00/);
    expect((await post({ days: 'WEEKDAYS', wakeUpTime: '06:00', forfeitAmount: 500 }).expect(400)).body.error).toMatch(/^forfeitAmount must be a whole number/);
    expect((await post({ days: 'WEEKDAYS', wakeUpTime: '06:00', forfeitAmount: 20, weeks: 13 }).expect(400)).body.error).toBe(
      'weeks must be a whole number from 1 to 12',
    );
    expect((await post({ days: 'WEEKDAYS', wakeUpTime: '06:00', forfeitAmount: 20, startDate: '2026-04-01' }).expect(400)).body.error).toBe(
      'startDate cannot be in the past',
    );
    await t.http().post('/api/v1/challenge-plans').send({ days: 'WEEKDAYS', wakeUpTime: '06:00', forfeitAmount: 20 }).expect(401);
  });

  it('books four weeks of weekdays at 20:00 the evening before, skips with a notice when the wallet is short, never overdraws, and pauses', async () => {
    await fund(t, me.id, 20_000n); // ₹200
    const created = await t
      .http()
      .post('/api/v1/challenge-plans')
      .set(me.auth)
      .send({ days: 'WEEKDAYS', wakeUpTime: '06:00', forfeitAmount: 20, startDate: START, weeks: 4 })
      .expect(201);
    const plan = created.body.data.plan;
    expect(plan).toMatchObject({
      weekdays: [1, 2, 3, 4, 5],
      wakeUpTime: '06:00',
      forfeitAmount: 20,
      startDate: START,
      endDate: '2026-05-31',
      status: 'ACTIVE',
      totalDays: 20,
      nextDate: START,
    });

    let funded = 20_000n;
    const outcomes: Record<string, string> = {};
    for (let i = 0; i < 28; i++) {
      const day = addDays(START, i);
      if (day === '2026-05-18') {
        await fund(t, me.id, 30_000n); // a top-up in week three
        funded += 30_000n;
      }
      if (day === '2026-05-25') await t.http().post(`/api/v1/challenge-plans/${plan.id}/pause`).set(me.auth).expect(200);
      if (day === '2026-05-27') await t.http().post(`/api/v1/challenge-plans/${plan.id}/resume`).set(me.auth).expect(200);
      t.clock.set(new Date(evening(day).getTime() - 60_000));
      expect(await book()).toEqual({ booked: 0, skipped: 0 }); // 19:59: not yet
      t.clock.set(new Date(evening(day).getTime() + 30_000));
      const r = await book();
      expect(await book()).toEqual({ booked: 0, skipped: 0 }); // a second scan books nothing again
      outcomes[day] = r.booked ? 'BOOKED' : r.skipped ? 'SKIPPED' : '-';
      expect(await balanceOf(t, userWallet(me.id))).toBeGreaterThanOrEqual(0n);
    }
    // weekends and the paused days are never tried
    for (const day of ['2026-05-09', '2026-05-10', '2026-05-25', '2026-05-26']) expect(outcomes[day]).toBe('-');
    // ₹200 books 8 mornings (the ₹50 rule stops the 9th); the ₹300 top-up books the rest of weeks three and four
    const booked = Object.entries(outcomes)
      .filter(([, o]) => o === 'BOOKED')
      .map(([d]) => d);
    const skipped = Object.entries(outcomes)
      .filter(([, o]) => o === 'SKIPPED')
      .map(([d]) => d);
    expect(booked.slice(0, 8)).toEqual(['2026-05-04', '2026-05-05', '2026-05-06', '2026-05-07', '2026-05-08', '2026-05-11', '2026-05-12', '2026-05-13']);
    expect(skipped).toEqual(['2026-05-14', '2026-05-15']);
    expect(booked.slice(8)).toEqual(['2026-05-18', '2026-05-19', '2026-05-20', '2026-05-21', '2026-05-22', '2026-05-27', '2026-05-28', '2026-05-29']);

    // money exact to the paisa: every booked morning holds ₹20 at stake, the wallet holds the rest
    const stakes = (await ds.query(
      `SELECT challenge_date::text AS d, stake::text FROM challenges WHERE user_id = $1 AND status = 'PENDING' ORDER BY challenge_date`,
      [me.id],
    )) as { d: string; stake: string }[];
    expect(stakes.map((s) => s.d)).toEqual(booked);
    expect(stakes.every((s) => s.stake === '2000')).toBe(true);
    expect(await balanceOf(t, userWallet(me.id))).toBe(funded - 2_000n * BigInt(booked.length));

    // a notice for each skipped morning, saying why
    const notes = (await ds.query(`SELECT message FROM notifications WHERE user_id = $1 AND type = 'PLAN_SKIPPED' ORDER BY created_at`, [me.id])) as {
      message: string;
    }[];
    expect(notes).toHaveLength(2);
    expect(notes[0].message).toContain('6:00 AM IST on 14 May 2026 (₹20)');

    const list = (await t.http().get('/api/v1/challenge-plans').set(me.auth).expect(200)).body.data.plans;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: plan.id, status: 'ACTIVE', bookedDays: 16, skippedDays: 2, nextDate: null });
    expect(list[0].days.find((d: { date: string }) => d.date === '2026-05-14')).toMatchObject({
      outcome: 'SKIPPED',
      reason: expect.stringContaining('balance'),
    });
  });

  it('cancels a plan once, for its owner only', async () => {
    t.clock.set('2026-06-01T06:00:00Z');
    const plan = (
      await t
        .http()
        .post('/api/v1/challenge-plans')
        .set(me.auth)
        .send({ days: [1, 3, 5], wakeUpTime: '05:30', forfeitAmount: 10, weeks: 1 })
        .expect(201)
    ).body.data.plan;
    const stranger = await createUser(t);
    await t.http().delete(`/api/v1/challenge-plans/${plan.id}`).set(stranger.auth).expect(404);
    await t.http().delete('/api/v1/challenge-plans/not-a-uuid').set(me.auth).expect(404);
    expect((await t.http().delete(`/api/v1/challenge-plans/${plan.id}`).set(me.auth).expect(200)).body.data.plan).toMatchObject({
      status: 'CANCELLED',
      nextDate: null,
    });
    expect((await t.http().delete(`/api/v1/challenge-plans/${plan.id}`).set(me.auth).expect(400)).body.error).toBe(
      'The plan is cancelled: it cannot be cancelled',
    );
    t.clock.set(evening('2026-06-03'));
    expect(await book()).toEqual({ booked: 0, skipped: 0 });
  });
});
