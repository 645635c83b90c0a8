import { randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { TestUser } from '../factories/wallet.js';
import { createChallenge, fundedUser, ist, notificationsOf } from './challenges-helpers.js';

const TODAY = '2026-11-22';
const DAY = '2026-11-23';

describe('check-in retries: POST /challenges/verify with an Idempotency-Key', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  async function pending(): Promise<{ u: TestUser; id: string }> {
    t.clock.set(ist(TODAY, '12:00'));
    const u = await fundedUser(t, 500);
    const res = await createChallenge(t, u, { challengeDate: DAY, wakeUpTime: '06:00', forfeitAmount: 20 }).expect(201);
    return { u, id: res.body.challenge.id };
  }
  const verify = (u: TestUser, body: Record<string, unknown>, key?: string) => {
    const req = t.http().post('/api/v1/challenges/verify').set(u.auth);
    return (key === undefined ? req : req.set('Idempotency-Key', key)).send(body);
  };
  const get = async (u: TestUser, id: string) => (await t.http().get(`/api/v1/challenges/${id}`).set(u.auth).expect(200)).body.challenge;
  const checkIns = (u: TestUser) => notificationsOf(t, u.id, 'CHALLENGE_CHECKED_IN');

  it('the same key twice records one check-in and answers the same status and body', async () => {
    const { u, id } = await pending();
    const key = randomUUID();
    t.clock.set(ist(DAY, '06:02:00'));
    const first = await verify(u, { challengeId: id, verificationMethod: 'MANUAL' }, key).expect(200);
    expect(first.body).toMatchObject({
      success: true,
      data: { isSuccessful: true },
      challenge: { id, status: 'COMPLETED', checkInTime: ist(DAY, '06:02').toISOString() },
    });
    t.clock.set(ist(DAY, '06:04:00'));
    const retry = await verify(u, { challengeId: id, verificationMethod: 'MANUAL' }, key).expect(200);
    expect(retry.body).toEqual(first.body);
    expect(await checkIns(u)).toHaveLength(1);
    expect((await get(u, id)).checkInTime).toBe(ist(DAY, '06:02').toISOString());
  });

  it('concurrent requests with one key record one check-in and all get the first answer', async () => {
    const { u, id } = await pending();
    const key = randomUUID();
    t.clock.set(ist(DAY, '06:05:00'));
    const answers = await Promise.all(Array.from({ length: 6 }, () => verify(u, { challengeId: id, verificationMethod: 'MANUAL' }, key)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    for (const a of answers) expect(a.body).toEqual(answers[0].body);
    expect(answers[0].body.challenge).toMatchObject({ id, status: 'COMPLETED' });
    expect(await checkIns(u)).toHaveLength(1);
  });

  it('without a key, or with a new key on a checked-in challenge, a second check-in is refused as before', async () => {
    const { u, id } = await pending();
    t.clock.set(ist(DAY, '06:05:00'));
    await verify(u, { challengeId: id, verificationMethod: 'MANUAL' }).expect(200);
    const again = await verify(u, { challengeId: id, verificationMethod: 'MANUAL' }).expect(400);
    expect(again.body.error).toBe('Challenge already checked in');
    const otherKey = await verify(u, { challengeId: id, verificationMethod: 'MANUAL' }, randomUUID()).expect(400);
    expect(otherKey.body.error).toBe('Challenge already checked in');
    expect(await checkIns(u)).toHaveLength(1);
  });

  it('a refusal (4xx) is kept: a retry with the key gets the same refusal, even once the window has opened', async () => {
    const { u, id } = await pending();
    const key = randomUUID();
    t.clock.set(ist(DAY, '05:30:00'));
    const early = await verify(u, { challengeId: id, verificationMethod: 'MANUAL' }, key).expect(400);
    expect(early.body).toEqual({ success: false, statusCode: 400, error: 'Check-in window has not opened yet', message: 'Check-in window has not opened yet' });
    t.clock.set(ist(DAY, '05:50:00'));
    const replay = await verify(u, { challengeId: id, verificationMethod: 'MANUAL' }, key).expect(400);
    expect(replay.body).toEqual(early.body);
    expect(await get(u, id)).toMatchObject({ status: 'PENDING', checkInTime: null });
    await verify(u, { challengeId: id, verificationMethod: 'MANUAL' }, randomUUID()).expect(200);
  });

  it('a server failure (5xx) is not kept: the retry with the same key does the check-in', async () => {
    const { u, id } = await pending();
    const key = randomUUID();
    t.clock.set(ist(DAY, '06:03:00'));
    jest.spyOn(t.app.get(CommandBus), 'execute').mockRejectedValueOnce(new Error('database fell over'));
    const failed = await verify(u, { challengeId: id, verificationMethod: 'MANUAL' }, key).expect(500);
    expect(failed.body.error).toBe('Server error. Please try again later');
    expect(await get(u, id)).toMatchObject({ status: 'PENDING' });
    const retry = await verify(u, { challengeId: id, verificationMethod: 'MANUAL' }, key).expect(200);
    expect(retry.body.challenge).toMatchObject({ id, status: 'COMPLETED' });
    expect(await checkIns(u)).toHaveLength(1);
  });

  it('a key reused with a different request is a 400 and records nothing', async () => {
    const a = await pending();
    const b = await pending();
    const key = randomUUID();
    t.clock.set(ist(DAY, '05:30:00'));
    await verify(a.u, { challengeId: a.id, verificationMethod: 'MANUAL' }, key).expect(400); // window not open yet: kept
    t.clock.set(ist(DAY, '06:01:00'));
    const reused = await verify(a.u, { challengeId: b.id, verificationMethod: 'MANUAL', notes: 'other' }, key).expect(400);
    expect(reused.body.error).toBe('This Idempotency-Key was already used for a different request: send a new key for a new request');
    expect(await get(b.u, b.id)).toMatchObject({ status: 'PENDING' });
  });

  it('keys belong to one user: another user sending the same key checks in their own challenge', async () => {
    const a = await pending();
    const b = await pending();
    const key = randomUUID();
    t.clock.set(ist(DAY, '06:01:00'));
    const ra = await verify(a.u, { challengeId: a.id, verificationMethod: 'MANUAL' }, key).expect(200);
    const rb = await verify(b.u, { challengeId: b.id, verificationMethod: 'MANUAL' }, key).expect(200);
    expect(ra.body.challenge.id).toBe(a.id);
    expect(rb.body.challenge.id).toBe(b.id);
  });

  it.each([[''], ['x'.repeat(256)], ['has space']])('a malformed key %p is a 400 and records nothing', async (key) => {
    const { u, id } = await pending();
    t.clock.set(ist(DAY, '06:01:00'));
    const res = await verify(u, { challengeId: id, verificationMethod: 'MANUAL' }, key).expect(400);
    expect(res.body.error).toMatch(/Idempotency-Key must be/);
    expect(await get(u, id)).toMatchObject({ status: 'PENDING' });
  });
});
