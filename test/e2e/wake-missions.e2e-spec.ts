import { createTestApp, TestApp } from '../setup/test-app.js';
import { createChallenge, fundedUser, ist } from './challenges-helpers.js';

/** Wake missions (a task before the check-in unlocks) per challenge and plan, and each person's wake tag. */
describe('wake missions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a challenge keeps its mission (NONE when absent); any other word is a 400 and nothing is staked', async () => {
    t.clock.set(ist('2049-05-03', '12:00'));
    const u = await fundedUser(t, 500);
    const plain = await createChallenge(t, u, { challengeDate: '2049-05-04', wakeUpTime: '06:00', forfeitAmount: 20 }).expect(201);
    expect(plain.body.challenge.mission).toBe('NONE');
    const math = await createChallenge(t, u, { challengeDate: '2049-05-05', wakeUpTime: '06:00', forfeitAmount: 20, mission: 'MATH' }).expect(201);
    expect(math.body.challenge.mission).toBe('MATH');
    expect((await t.http().get(`/api/v1/challenges/${math.body.challenge.id}`).set(u.auth).expect(200)).body.challenge.mission).toBe('MATH');
    const bad = await createChallenge(t, u, { challengeDate: '2049-05-06', wakeUpTime: '06:00', forfeitAmount: 20, mission: 'SHAKE' });
    expect([bad.status, JSON.stringify(bad.body)]).toEqual([400, expect.stringContaining('mission must be NONE, MATH, TYPING or WAKE_TAG')]);
    const list = (await t.http().get('/api/v1/challenges').set(u.auth).expect(200)).body.challenges;
    expect(list.map((c: { mission: string }) => c.mission).sort()).toEqual(['MATH', 'NONE']);
  });

  it('a plan answers its mission (booking passes it on, as it does proof); a bad one is a 400', async () => {
    t.clock.set(ist('2049-05-10', '12:00'));
    const u = await fundedUser(t, 500);
    const post = (body: object) => t.http().post('/api/v1/challenge-plans').set(u.auth).send(body);
    const bad = await post({ days: 'WEEKDAYS', wakeUpTime: '06:00', forfeitAmount: 20, mission: 'steps' });
    expect([bad.status, JSON.stringify(bad.body)]).toEqual([400, expect.stringContaining('mission must be NONE, MATH, TYPING or WAKE_TAG')]);
    const made = await post({ days: 'WEEKDAYS', wakeUpTime: '06:00', forfeitAmount: 20, weeks: 1, mission: 'TYPING' });
    expect(made.status).toBe(201);
    expect(made.body.data.plan.mission).toBe('TYPING');
    const plans = (await t.http().get('/api/v1/challenge-plans').set(u.auth).expect(200)).body.data.plans;
    expect(plans.map((p: { mission: string }) => p.mission)).toEqual(['TYPING']);
  });

  it('GET /me/wake-tag makes a code on the first call and answers the same one after; each person has their own', async () => {
    const a = await fundedUser(t, 0);
    const b = await fundedUser(t, 0);
    await t.http().get('/api/v1/me/wake-tag').expect(401);
    const first = (await t.http().get('/api/v1/me/wake-tag').set(a.auth).expect(200)).body.data.code;
    expect(first).toMatch(/^wakestake-tag:[0-9a-f]{32}$/);
    const again = await Promise.all([1, 2].map(() => t.http().get('/api/v1/me/wake-tag').set(a.auth).expect(200)));
    expect(again.map((r) => r.body.data.code)).toEqual([first, first]);
    const other = (await t.http().get('/api/v1/me/wake-tag').set(b.auth).expect(200)).body.data.code;
    expect(other).not.toBe(first);
  });
});
