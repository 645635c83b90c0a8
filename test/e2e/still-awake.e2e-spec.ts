import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { balanceOf, createUser, fund, TestUser } from '../factories/wallet.js';
import { expectLedgerConsistent } from '../setup/ledger-invariants.js';
import { addDays, zonedInstant } from '../../src/common/time.js';
import { userWallet } from '../../src/modules/wallet/domain/accounts.js';
import { SettleDateCommand } from '../../src/modules/settlement/commands/settle-date/settle-date.command.js';
import { SendStillAwakeChecksCommand } from '../../src/modules/notifications/commands/send-still-awake-checks/send-still-awake-checks.command.js';
import { PushSender } from '../../src/modules/notifications/infrastructure/push-sender.js';
import type { PushSubscriptionRow } from '../../src/modules/notifications/infrastructure/push-subscriptions.repository.js';

const TZ = 'Asia/Kolkata';
const at = (date: string, time: string) => zonedInstant(date, time, TZ);
const MINUTE = 60_000;

/** "Still awake?": a second check 20-40 min after an on-time check-in, answered within 10 min or the morning is missed. */
describe('still awake?', () => {
  let t: TestApp;
  let ds: DataSource;
  const pushes: { endpoint: string; payload: Record<string, unknown>; ttl: number }[] = [];
  const fakePush = {
    enabled: true,
    send: async (sub: PushSubscriptionRow, payload: Record<string, unknown>, ttl: number) => {
      pushes.push({ endpoint: sub.endpoint, payload, ttl });
      return 'delivered' as const;
    },
  };

  const player = async (stillAwake: boolean): Promise<TestUser> => {
    const u = await createUser(t);
    await fund(t, u.id, 100_000n);
    await t.http().put('/api/v1/still-awake').set(u.auth).send({ enabled: stillAwake }).expect(200);
    return u;
  };
  const wallet = (u: TestUser) => balanceOf(t, userWallet(u.id));
  const checkedIn = async (u: TestUser, date: string, stake = 20): Promise<string> => {
    t.clock.set(at(addDays(date, -1), '12:00'));
    const id = (await t.http().post('/api/v1/challenges').set(u.auth).send({ challengeDate: date, wakeUpTime: '06:00', forfeitAmount: stake }).expect(201)).body
      .challenge.id;
    t.clock.set(at(date, '06:00'));
    await t.http().post('/api/v1/challenges/verify').set(u.auth).send({ challengeId: id, verificationMethod: 'MANUAL' }).expect(200);
    return id;
  };
  const stored = async (id: string) =>
    (
      (await ds.query(`SELECT ask_at, deadline_at, asked_at, outcome FROM still_awake_checks WHERE challenge_id = $1`, [id])) as {
        ask_at: Date;
        deadline_at: Date;
        asked_at: Date | null;
        outcome: string | null;
      }[]
    )[0];
  const challenge = async (id: string) =>
    (
      (await ds.query(`SELECT status, is_successful, failure_reason, actual_forfeit_amount::text AS forfeit FROM challenges WHERE id = $1`, [id])) as {
        status: string;
        is_successful: boolean;
        failure_reason: string | null;
        forfeit: string;
      }[]
    )[0];
  const check = (u: TestUser, id: string) => t.http().get(`/api/v1/challenges/${id}/still-awake`).set(u.auth);
  const answer = (u: TestUser, id: string) => t.http().post(`/api/v1/challenges/${id}/still-awake`).set(u.auth);
  const ask = () => t.app.get(CommandBus).execute(new SendStillAwakeChecksCommand());
  const settle = (date: string) => t.app.get(CommandBus).execute(new SettleDateCommand(date));

  beforeAll(async () => {
    t = await createTestApp({ override: (b) => b.overrideProvider(PushSender).useValue(fakePush) });
    ds = t.app.get(DataSource);
  });
  afterEach(() => expectLedgerConsistent(t.app));
  afterAll(() => t.close());

  it('is a setting of my own, off by default', async () => {
    const me = await createUser(t);
    expect((await t.http().get('/api/v1/still-awake').set(me.auth).expect(200)).body.data).toEqual({ enabled: false });
    expect((await t.http().put('/api/v1/still-awake').set(me.auth).send({ enabled: true }).expect(200)).body.data).toEqual({ enabled: true });
    expect((await t.http().get('/api/v1/still-awake').set(me.auth).expect(200)).body.data).toEqual({ enabled: true });
    expect((await t.http().put('/api/v1/still-awake').set(me.auth).send({ enabled: 'yes' }).expect(400)).body.error).toMatch(/enabled must be true or false/);
    await t.http().get('/api/v1/still-awake').expect(401);
  });

  it('asks at a server-chosen moment 20-40 min after the check-in, by push, and counts the morning once answered', async () => {
    const DAY = '2049-01-11';
    const me = await player(true);
    await ds.query(`INSERT INTO push_subscriptions (id, user_id, endpoint, p256dh, auth, created_at) VALUES ($1, $2, $3, 'p', 'a', now())`, [
      randomUUID(),
      me.id,
      `https://push.test/${me.id}`,
    ]);
    const id = await checkedIn(me, DAY);
    const s = await stored(id);
    const checkIn = at(DAY, '06:00').getTime();
    expect(s.ask_at.getTime()).toBeGreaterThanOrEqual(checkIn + 20 * MINUTE);
    expect(s.ask_at.getTime()).toBeLessThanOrEqual(checkIn + 40 * MINUTE);
    expect(s.deadline_at.getTime() - s.ask_at.getTime()).toBe(10 * MINUTE);

    // before its moment: the moment stays secret and an answer is refused
    t.clock.set(new Date(s.ask_at.getTime() - 1000));
    expect((await check(me, id).expect(200)).body.data).toEqual({ challengeId: id, status: 'SCHEDULED', askedAt: null, deadlineAt: null, answeredAt: null });
    expect((await answer(me, id).expect(400)).body.error).toBe('The still-awake check has not been asked yet');
    expect(await ask()).toEqual({ asked: 0, delivered: 0 });

    t.clock.set(s.ask_at);
    expect(await ask()).toEqual({ asked: 1, delivered: 1 });
    expect(await ask()).toEqual({ asked: 0, delivered: 0 }); // asked once
    const push = pushes.find((p) => p.endpoint.endsWith(me.id))!;
    expect(push.payload).toMatchObject({ title: 'Still awake?', kind: 'STILL_AWAKE', challengeId: id });
    expect(push.ttl).toBe(600);
    expect((await check(me, id).expect(200)).body.data).toMatchObject({ status: 'ASKING', deadlineAt: s.deadline_at.toISOString() });

    t.clock.set(new Date(s.ask_at.getTime() + 9 * MINUTE));
    expect((await answer(me, id).expect(200)).body.data).toMatchObject({ challengeId: id, status: 'ANSWERED' });
    expect((await answer(me, id).expect(400)).body.error).toBe('The still-awake check is already answered');
    const stranger = await createUser(t);
    await answer(stranger, id).expect(404);

    t.clock.set(at(DAY, '09:00'));
    await settle(DAY);
    expect(await challenge(id)).toMatchObject({ status: 'PROCESSED', is_successful: true });
    expect(await wallet(me)).toBe(100_000n);
  });

  it('holds the morning back from settlement while the check is open, and counts it missed when left unanswered', async () => {
    const DAY = '2049-01-12';
    const me = await player(true);
    const id = await checkedIn(me, DAY, 40);
    const s = await stored(id);
    t.clock.set(s.ask_at);
    expect((await ask()).asked).toBe(1);

    // a settlement run while the check is open leaves this morning for a later batch
    t.clock.set(new Date(s.ask_at.getTime() + 5 * MINUTE));
    await settle(DAY);
    expect(await challenge(id)).toMatchObject({ status: 'COMPLETED', is_successful: true });

    // the phone says nothing about the time: past the server's deadline it is too late
    t.clock.set(s.deadline_at);
    expect((await check(me, id).expect(200)).body.data.status).toBe('EXPIRED');
    expect((await answer(me, id).expect(400)).body.error).toBe('The still-awake check has expired: it was not answered in time');

    t.clock.set(at(DAY, '09:00'));
    await settle(DAY);
    expect(await challenge(id)).toEqual({ status: 'PROCESSED', is_successful: false, failure_reason: 'Did not answer the still-awake check', forfeit: '600' });
    expect((await stored(id)).outcome).toBe('MISSED');
    expect(await wallet(me)).toBe(100_000n - 600n); // 85% of ₹40 back
    expect((await check(me, id).expect(200)).body.data.status).toBe('MISSED');
    const [note] = (await ds.query(`SELECT title FROM notifications WHERE user_id = $1 AND type = 'STILL_AWAKE_MISSED'`, [me.id])) as { title: string }[];
    expect(note.title).toBe('Still-awake check missed');
    expect(
      await t
        .http()
        .get('/api/v1/challenges/stats')
        .set(me.auth)
        .expect(200)
        .then((r) => r.body),
    ).toMatchObject({ successfulChallenges: 0, failedChallenges: 1, currentStreak: 0 });
  });

  it('voids a check the server never asked (the morning stands), and asks nothing with the setting off', async () => {
    const DAY = '2049-01-13';
    const unasked = await player(true);
    const off = await player(false);
    const a = await checkedIn(unasked, DAY);
    const b = await checkedIn(off, DAY);
    expect(await stored(b)).toBeUndefined();
    await check(off, b).expect(404);

    t.clock.set(at(DAY, '09:00'));
    await settle(DAY);
    expect((await stored(a)).outcome).toBe('VOID');
    expect(await challenge(a)).toMatchObject({ status: 'PROCESSED', is_successful: true });
    expect(await challenge(b)).toMatchObject({ status: 'PROCESSED', is_successful: true });
    expect((await check(unasked, a).expect(200)).body.data).toMatchObject({ status: 'VOID', askedAt: null });
  });

  it('asks only after an on-time check-in', async () => {
    const DAY = '2049-01-14';
    const me = await player(true);
    t.clock.set(at(addDays(DAY, -1), '12:00'));
    const id = (await t.http().post('/api/v1/challenges').set(me.auth).send({ challengeDate: DAY, wakeUpTime: '06:00', forfeitAmount: 10 }).expect(201)).body
      .challenge.id;
    t.clock.set(at(DAY, '06:30'));
    await t.http().post('/api/v1/challenges/verify').set(me.auth).send({ challengeId: id, verificationMethod: 'MANUAL' }).expect(200);
    expect(await stored(id)).toBeUndefined();
    t.clock.set(at(DAY, '09:00'));
    await settle(DAY);
  });
});
