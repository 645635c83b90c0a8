import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { TestUser } from '../factories/wallet.js';
import { CloseMissedChallengesCommand } from '../../src/modules/challenges/day/commands/close-missed-challenges/close-missed-challenges.command.js';
import { MarkChallengesProcessedCommand } from '../../src/modules/challenges/day/commands/mark-challenges-processed/mark-challenges-processed.command.js';
import { GetSettleableChallengesQuery } from '../../src/modules/challenges/day/queries/get-settleable-challenges/get-settleable-challenges.query.js';
import { GetChallengeStatsQuery } from '../../src/modules/challenges/record/queries/get-challenge-stats/get-challenge-stats.query.js';
import { HasPendingChallengesQuery } from '../../src/modules/challenges/day/queries/has-pending-challenges/has-pending-challenges.query.js';
import { createChallenge, fundedUser, ist, notificationsOf, walletOf } from './challenges-helpers.js';

const TODAY = '2026-11-22';
const DAY = '2026-11-23';
const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe('challenges: check-in window, photos, missed, stats', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A fresh user with a PENDING challenge on `date` at `wake` (created the day before at noon). */
  async function pending(date = DAY, wake = '06:00'): Promise<{ u: TestUser; id: string }> {
    t.clock.set(ist(TODAY, '12:00'));
    const u = await fundedUser(t, 500);
    const res = await createChallenge(t, u, { challengeDate: date, wakeUpTime: wake, forfeitAmount: 20 }).expect(201);
    return { u, id: res.body.challenge.id };
  }
  const verify = (u: TestUser, body: Record<string, unknown>) => t.http().post('/api/v1/challenges/verify').set(u.auth).send(body);
  const get = async (u: TestUser, id: string) => (await t.http().get(`/api/v1/challenges/${id}`).set(u.auth).expect(200)).body.challenge;

  it('16 minutes before is refused and changes nothing; 15 minutes before is on time', async () => {
    const { u, id } = await pending();
    t.clock.set(ist(DAY, '05:44:00'));
    const early = await verify(u, { challengeId: id, verificationMethod: 'MANUAL' }).expect(400);
    expect(early.body.error).toBe('Check-in window has not opened yet');
    t.clock.set(ist(DAY, '05:44:59'));
    await verify(u, { challengeId: id, verificationMethod: 'MANUAL' }).expect(400);
    expect(await get(u, id)).toMatchObject({ status: 'PENDING', checkInTime: null, canCheckIn: false });

    t.clock.set(ist(DAY, '05:45:00'));
    const ok = await verify(u, { challengeId: id, verificationMethod: 'MANUAL', checkInLocation: 'Pune', notes: 'up early' }).expect(200);
    expect(ok.body).toMatchObject({
      success: true,
      // A win before settlement: winningsAmount is the stake coming back (the pool share is added at settlement).
      data: { isSuccessful: true, winningsAmount: 20 },
      challenge: {
        id,
        status: 'COMPLETED',
        isCompleted: true,
        isSuccessful: true,
        verificationMethod: 'MANUAL',
        checkInLocation: 'Pune',
        notes: 'up early',
        checkInTime: ist(DAY, '05:45').toISOString(),
        canCheckIn: false,
      },
    });
    const again = await verify(u, { challengeId: id, verificationMethod: 'MANUAL' }).expect(400);
    expect(again.body.error).toBe('Challenge already checked in');
    expect(await notificationsOf(t, u.id, 'CHALLENGE_CHECKED_IN')).toHaveLength(1);
  });

  it.each([
    ['06:10:00', true],
    ['06:10:59', true],
    ['06:11:00', false],
    ['06:40:00', false],
  ])('check-in at %s for a 06:00 wake-up is on time: %s', async (time, onTime) => {
    const { u, id } = await pending();
    t.clock.set(ist(DAY, time));
    const res = await verify(u, { challengeId: id, verificationMethod: 'MANUAL' }).expect(200);
    expect(res.body.data.isSuccessful).toBe(onTime);
    expect(res.body.challenge).toMatchObject({
      status: 'COMPLETED',
      isSuccessful: onTime,
      failureReason: onTime ? null : 'Checked in after the window closed',
    });
  });

  it('concurrent check-ins share one statement: each succeeds once, a double tap is refused once, another user’s id matches nothing', async () => {
    const players = [await pending(), await pending(), await pending()];
    t.clock.set(ist(DAY, '06:05:00'));
    const [p0, p1, p2] = players;
    const answers = await Promise.all([
      verify(p0.u, { challengeId: p0.id, verificationMethod: 'MANUAL', notes: 'first tap' }),
      verify(p0.u, { challengeId: p0.id, verificationMethod: 'MANUAL', notes: 'second tap' }),
      verify(p1.u, { challengeId: p1.id, verificationMethod: 'MANUAL', checkInLocation: 'Delhi' }),
      verify(p2.u, { challengeId: p1.id, verificationMethod: 'MANUAL' }),
      verify(p2.u, { challengeId: p2.id, verificationMethod: 'MANUAL' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 400, 404]);
    const taps = answers
      .slice(0, 2)
      .map((a) => a.status)
      .sort();
    expect(taps).toEqual([200, 400]);
    expect(answers[2].body.challenge).toMatchObject({ id: p1.id, status: 'COMPLETED', isSuccessful: true, checkInLocation: 'Delhi' });
    expect(answers[3].status).toBe(404);
    expect(answers[4].body.challenge).toMatchObject({ id: p2.id, status: 'COMPLETED', isSuccessful: true });
    for (const p of players) expect(await notificationsOf(t, p.u.id, 'CHALLENGE_CHECKED_IN')).toHaveLength(1);
    expect((await get(p0.u, p0.id)).notes).toBe(answers[0].status === 200 ? 'first tap' : 'second tap');
  });

  it('computes the window fields for now', async () => {
    const { u, id } = await pending();
    t.clock.set(ist(DAY, '05:30'));
    expect(await get(u, id)).toMatchObject({
      canCheckIn: false,
      isWithinGracePeriod: false,
      isOverdue: false,
      timeRemainingMinutes: 15,
      gracePeriodStartTime: '2026-11-23T00:15:00.000Z',
      gracePeriodEndTime: '2026-11-23T00:40:00.000Z',
    });
    t.clock.set(ist(DAY, '05:50'));
    expect(await get(u, id)).toMatchObject({ canCheckIn: true, isWithinGracePeriod: true, isOverdue: false, timeRemainingMinutes: 21 });
    t.clock.set(ist(DAY, '06:10:30'));
    expect(await get(u, id)).toMatchObject({ canCheckIn: true, timeRemainingMinutes: 1 });
    t.clock.set(ist(DAY, '06:11'));
    expect(await get(u, id)).toMatchObject({ canCheckIn: false, isWithinGracePeriod: false, isOverdue: true, timeRemainingMinutes: 0 });
  });

  it('validates the check-in request and never touches another user’s challenge', async () => {
    const { u, id } = await pending();
    const other = await fundedUser(t, 100);
    t.clock.set(ist(DAY, '05:50'));
    expect((await verify(u, { verificationMethod: 'MANUAL' }).expect(400)).body.error).toBe('challengeId is required');
    expect((await verify(u, { challengeId: 'abc', verificationMethod: 'MANUAL' }).expect(400)).body.error).toBe('challengeId must be a challenge id (UUID)');
    expect((await verify(u, { challengeId: id, verificationMethod: 'SELFIE' }).expect(400)).body.error).toBe('verificationMethod must be MANUAL or PHOTO');
    expect((await verify(u, { challengeId: id, verificationMethod: 'MANUAL', notes: 'x'.repeat(501) }).expect(400)).body.error).toBe(
      'notes must be at most 500 characters',
    );
    expect((await verify(u, { challengeId: id, verificationMethod: 'MANUAL', extra: 1 }).expect(400)).body.error).toBe('Unknown field: extra');
    expect((await verify(u, { challengeId: id, verificationMethod: 'PHOTO' }).expect(400)).body.error).toBe(
      'photo: a JPEG or PNG selfie is required for PHOTO verification',
    );
    await verify(other, { challengeId: id, verificationMethod: 'MANUAL' }).expect(404);
    await verify(u, { challengeId: randomUUID(), verificationMethod: 'MANUAL' }).expect(404);
    expect(await get(u, id)).toMatchObject({ status: 'PENDING' });
  });

  it('PHOTO check-in stores a real PNG; refuses a text file named .png and a photo over 5 MB', async () => {
    const { u, id } = await pending();
    t.clock.set(ist(DAY, '06:00'));
    const fake = await t
      .http()
      .post('/api/v1/challenges/verify')
      .set(u.auth)
      .field('challengeId', id)
      .field('verificationMethod', 'PHOTO')
      .attach('photo', Buffer.from('just some text, not an image'), { filename: 'selfie.png', contentType: 'image/png' });
    expect(fake.status).toBe(400);
    expect(fake.body.error).toBe('photo: must be a JPEG or PNG image');

    const big = Buffer.concat([PNG_1PX, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await t
      .http()
      .post('/api/v1/challenges/verify')
      .set(u.auth)
      .field('challengeId', id)
      .field('verificationMethod', 'PHOTO')
      .attach('photo', big, { filename: 'big.png', contentType: 'image/png' });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.error).toBe('photo: must be at most 5 MB');
    expect(await get(u, id)).toMatchObject({ status: 'PENDING' });

    const ok = await t
      .http()
      .post('/api/v1/challenges/verify')
      .set(u.auth)
      .field('challengeId', id)
      .field('verificationMethod', 'PHOTO')
      .field('notes', 'selfie')
      .attach('photo', PNG_1PX, { filename: 'me.png', contentType: 'image/png' })
      .expect(200);
    expect(ok.body.challenge).toMatchObject({ status: 'COMPLETED', isSuccessful: true, verificationMethod: 'PHOTO', hasPhoto: true, notes: 'selfie' });
    const [row] = await t.app.get(DataSource).query(`SELECT photo_path FROM challenges WHERE id = $1`, [id]);
    const file = join(t.config.uploadsDir, row.photo_path);
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file).equals(PNG_1PX)).toBe(true);
  });

  it('MANUAL with a photo, or a multipart form with bad fields, is a 400', async () => {
    const { u, id } = await pending();
    t.clock.set(ist(DAY, '06:00'));
    const res = await t
      .http()
      .post('/api/v1/challenges/verify')
      .set(u.auth)
      .field('challengeId', id)
      .field('verificationMethod', 'MANUAL')
      .attach('photo', PNG_1PX, { filename: 'me.png', contentType: 'image/png' });
    expect(res.status).toBe(400);
    const bad = await t.http().post('/api/v1/challenges/verify').set(u.auth).field('challengeId', id).field('verificationMethod', 'NOPE');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('verificationMethod must be MANUAL or PHOTO');
    expect(await get(u, id)).toMatchObject({ status: 'PENDING' });
  });

  it('closes a missed challenge exactly once, with one notification, once the window has passed', async () => {
    const date = '2026-11-29';
    const { u, id } = await pending(date, '07:00');
    const bus = t.app.get(CommandBus);
    // (other test files may hold challenges on this date too: count only this user's row)
    t.clock.set(ist(date, '07:10:59'));
    await bus.execute(new CloseMissedChallengesCommand(date));
    expect(await get(u, id)).toMatchObject({ status: 'PENDING', canCheckIn: true });
    t.clock.set(ist(date, '07:11:00'));
    expect((await bus.execute(new CloseMissedChallengesCommand(date))).closed).toBeGreaterThanOrEqual(1);
    expect(await bus.execute(new CloseMissedChallengesCommand(date))).toEqual({ closed: 0 });
    expect(await get(u, id)).toMatchObject({ status: 'COMPLETED', isSuccessful: false, failureReason: 'Missed check-in window', checkInTime: null });
    expect(await notificationsOf(t, u.id, 'CHALLENGE_MISSED')).toHaveLength(1);
    const late = await verify(u, { challengeId: id, verificationMethod: 'MANUAL' }).expect(400);
    expect(late.body.error).toBe('Check-in window has closed: this challenge was closed as missed');
  });

  it('test challenges: now + 2 minutes by default, staked like any other, playable in minutes', async () => {
    t.clock.set(ist('2026-11-25', '09:17:40'));
    const u = await fundedUser(t, 100);
    const res = await t.http().post('/api/v1/test/challenges/create-test-challenge').set(u.auth).send({}).expect(201);
    expect(res.body).toMatchObject({
      success: true,
      status: 'PENDING',
      forfeitDeducted: 25,
      challenge: { challengeDate: '2026-11-25', wakeUpTime: '09:19', isTest: true, canCheckIn: true },
    });
    expect(res.body.challengeId).toBe(res.body.challenge.id);
    expect(await walletOf(t, u.id)).toBe(7500n);
    await verify(u, { challengeId: res.body.challengeId, verificationMethod: 'MANUAL' }).expect(200);

    const v = await fundedUser(t, 100);
    const bad = await t.http().post('/api/v1/test/challenges/create-test-challenge').set(v.auth).send({ wakeUpTime: '25:00' }).expect(400);
    expect(bad.body.error).toBe('wakeUpTime must be a time in the form HH:mm');
    await t.http().post('/api/v1/test/challenges/create-test-challenge').set(v.auth).send({ forfeitAmount: 5 }).expect(400);
    await t.http().post('/api/v1/test/challenges/create-test-challenge').set(v.auth).send({ status: 'WON' }).expect(400);
    await t.http().post('/api/v1/test/challenges/create-test-challenge').set(v.auth).send({ challengeDate: '2026-12-25' }).expect(400);
    await t.http().post('/api/v1/test/challenges/create-test-challenge').send({}).expect(401);
    expect(await walletOf(t, v.id)).toBe(10000n);
    const poor = await fundedUser(t, 40);
    const low = await t.http().post('/api/v1/test/challenges/create-test-challenge').set(poor.auth).send({ wakeUpTime: '23:00' }).expect(400);
    expect(low.body.error).toBe('Insufficient balance! You need more than ₹50 in your wallet to stake');
  });

  it('stats and streaks: a failure ends the streak, a day without a challenge does not', async () => {
    t.clock.set(ist(TODAY, '08:00'));
    const u = await fundedUser(t, 1000);
    const make = (date: string, status: string) =>
      t
        .http()
        .post('/api/v1/test/challenges/create-test-challenge')
        .set(u.auth)
        .send({ challengeDate: date, wakeUpTime: '06:00', status, forfeitAmount: 25 })
        .expect(201);
    const days: [string, string][] = [
      ['2026-11-16', 'COMPLETED'],
      ['2026-11-17', 'COMPLETED'],
      ['2026-11-18', 'COMPLETED'],
      ['2026-11-19', 'FAILED'],
      ['2026-11-20', 'COMPLETED'],
      /* 2026-11-21: none */ ['2026-11-22', 'COMPLETED'],
      ['2026-11-24', 'PENDING'],
    ];
    const ids: Record<string, string> = {};
    for (const [d, s] of days) ids[d] = (await make(d, s)).body.challengeId;

    const stats = await t.http().get('/api/v1/challenges/stats').set(u.auth).expect(200);
    expect(stats.body).toEqual({
      totalChallenges: 7,
      successfulChallenges: 5,
      failedChallenges: 1,
      currentStreak: 2,
      longestStreak: 3,
      successRate: 83.3,
      totalEarnings: 0,
      totalLosses: 0,
    });
    const streaks = await t.http().get('/api/v1/streaks').set(u.auth).expect(200);
    expect(streaks.body).toMatchObject({ success: true, data: { currentStreak: 2, longestStreak: 3, totalSuccessfulWakeUps: 5 } });

    // settlement's side: settleable rows, then marked PROCESSED once
    const settleable = await t.app.get(QueryBus).execute(new GetSettleableChallengesQuery('2026-11-19'));
    expect(settleable.filter((s) => s.userId === u.id)).toEqual([expect.objectContaining({ id: ids['2026-11-19'], stake: 2500n, isSuccessful: false })]);
    const items = [
      { challengeId: ids['2026-11-19'], winningsAmount: 0n, actualForfeitAmount: 375n },
      { challengeId: ids['2026-11-18'], winningsAmount: 150n, actualForfeitAmount: 0n },
      { challengeId: ids['2026-11-24'], winningsAmount: 999n, actualForfeitAmount: 0n },
    ];
    expect(await t.app.get(CommandBus).execute(new MarkChallengesProcessedCommand(items))).toEqual({ updated: 2 });
    expect(await t.app.get(CommandBus).execute(new MarkChallengesProcessedCommand(items))).toEqual({ updated: 0 });
    expect(await t.app.get(QueryBus).execute(new GetSettleableChallengesQuery('2026-11-19'))).not.toContainEqual(
      expect.objectContaining({ id: ids['2026-11-19'] }),
    );
    expect(await get(u, ids['2026-11-19'])).toMatchObject({ status: 'PROCESSED', actualForfeitAmount: 3.75, refundedAmount: 21.25, winningsAmount: 0 });
    expect(await get(u, ids['2026-11-24'])).toMatchObject({ status: 'PENDING', winningsAmount: 0 });
    const q = await t.app.get(QueryBus).execute(new GetChallengeStatsQuery(u.id));
    expect(q).toMatchObject({ totalEarnings: 150n, totalLosses: 375n, currentStreak: 2 });
    expect((await t.http().get('/api/v1/challenges/stats').set(u.auth).expect(200)).body).toMatchObject({ totalEarnings: 1.5, totalLosses: 3.75 });
    expect(await t.app.get(QueryBus).execute(new HasPendingChallengesQuery(u.id))).toBe(true);

    const range = await t.http().get('/api/v1/streaks/statistics?startDate=2026-11-18&endDate=2026-11-24').set(u.auth).expect(200);
    expect(range.body.data).toMatchObject({
      startDate: '2026-11-18',
      endDate: '2026-11-24',
      totalChallenges: 5,
      successfulChallenges: 3,
      failedChallenges: 1,
      pendingChallenges: 1,
      successRate: 75,
      totalEarnings: 1.5,
      totalLosses: 3.75,
    });
    expect(range.body.data.daily).toHaveLength(7);
    expect(range.body.data.daily[1]).toEqual({ date: '2026-11-19', successful: 0, failed: 1, pending: 0 });
    expect(range.body.data.daily[3]).toEqual({ date: '2026-11-21', successful: 0, failed: 0, pending: 0 });
    const dflt = await t.http().get('/api/v1/streaks/statistics').set(u.auth).expect(200);
    expect(dflt.body.data).toMatchObject({ startDate: '2026-10-24', endDate: TODAY });
    for (const qs of [
      'startDate=2026-11-24&endDate=2026-11-18',
      'startDate=2026-13-01',
      'endDate=yesterday',
      'startDate=2024-01-01&endDate=2026-01-01',
      'foo=1',
    ]) {
      const bad = await t.http().get(`/api/v1/streaks/statistics?${qs}`).set(u.auth).expect(400);
      expect(bad.body.success).toBe(false);
    }
  });

  it('a new user has empty stats', async () => {
    const u = await fundedUser(t, 0);
    expect((await t.http().get('/api/v1/challenges/stats').set(u.auth).expect(200)).body).toEqual({
      totalChallenges: 0,
      successfulChallenges: 0,
      failedChallenges: 0,
      currentStreak: 0,
      longestStreak: 0,
      successRate: 0,
      totalEarnings: 0,
      totalLosses: 0,
    });
    expect(await t.app.get(QueryBus).execute(new HasPendingChallengesQuery(u.id))).toBe(false);
  });
});
