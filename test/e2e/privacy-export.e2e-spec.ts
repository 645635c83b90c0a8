import { CommandBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { strFromU8, unzipSync } from 'fflate';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { createUser, fund, TestUser } from '../factories/wallet.js';
import { CreateNotificationCommand } from '../../src/modules/notifications/commands/create-notification/create-notification.command.js';
import { ist } from './challenges-helpers.js';
import { answer, askReferee, groupOf, nameReferee, photoMorning, settle } from './groups-helpers.js';

/** GET /api/v1/me/export: the signed-in user's own data, as JSON or a zip of CSV files, and nobody else's. */
describe('my data export', () => {
  let t: TestApp;
  let me: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    me = await createUser(t, { fullName: '=Asha, "the early" Riser' });
    other = await createUser(t, { fullName: 'Someone Else' });
    await fund(t, me.id, 12_345n);
    await fund(t, other.id, 99_900n);
    await t.app
      .get(CommandBus)
      .execute(new CreateNotificationCommand({ userId: me.id, type: 'DEPOSIT_CREDITED', title: 'Money added', message: '₹123.45 added to your wallet' }));
    await t.app
      .get(CommandBus)
      .execute(new CreateNotificationCommand({ userId: other.id, type: 'DEPOSIT_CREDITED', title: 'Money added', message: 'not mine' }));
    const ds = t.app.get(DataSource);
    await ds.query(
      `INSERT INTO challenges (id, user_id, challenge_date, wake_up_time, stake, status, window_opens_at, window_closes_at, created_at)
       VALUES (gen_random_uuid(), $1, '2026-01-05', '06:00', 4000, 'PENDING', '2026-01-05T00:15:00Z', '2026-01-05T00:40:00Z', now())`,
      [me.id],
    );
  });
  afterAll(() => t.close());

  it('answers my profile, challenges, ledger lines and notifications as JSON, amounts in rupees', async () => {
    const res = await t.http().get('/api/v1/me/export').set(me.auth).expect(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="wakestake-export-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const d = res.body.data;
    expect(d.profile).toMatchObject({ id: me.id, email: me.email, fullName: '=Asha, "the early" Riser', balance: 123.45 });
    expect(d.challenges).toEqual([expect.objectContaining({ challengeDate: '2026-01-05', wakeUpTime: '06:00', forfeitAmount: 40, status: 'PENDING' })]);
    expect(d.ledger).toEqual([expect.objectContaining({ reason: 'DEPOSIT', amount: 123.45, runningBalance: 123.45 })]);
    expect(d.notifications).toEqual([expect.objectContaining({ type: 'DEPOSIT_CREDITED', title: 'Money added', isRead: false })]);
    expect(JSON.stringify(d)).not.toContain(other.id);
    expect(JSON.stringify(d)).not.toContain('not mine');
  });

  it('answers a zip of CSV files a spreadsheet opens safely with format=csv', async () => {
    const res = await t
      .http()
      .get('/api/v1/me/export?format=csv')
      .set(me.auth)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/filename="wakestake-export-\d{4}-\d{2}-\d{2}\.zip"/);
    const files = unzipSync(new Uint8Array(res.body as Buffer));
    expect(Object.keys(files).sort()).toEqual([
      'challenges.csv',
      'groups.csv',
      'ledger.csv',
      'notifications.csv',
      'payout-methods.csv',
      'photo-fingerprints.csv',
      'plans.csv',
      'profile.csv',
      'proof-verdicts.csv',
      'referee-requests.csv',
      'shields-and-leave.csv',
    ]);
    const csv = (name: string) =>
      strFromU8(files[name])
        .replace(/^\ufeff/, '')
        .trim()
        .split('\r\n');
    const ledger = csv('ledger.csv');
    expect(ledger[0]).toBe('entryId,postedAt,reason,type,reference,amount,runningBalance');
    expect(ledger).toHaveLength(2);
    expect(ledger[1]).toMatch(/,DEPOSIT,(deposit|adjustment),[^,]+,123\.45,123\.45$/);
    const profile = csv('profile.csv');
    const cols = profile[0].split(',');
    expect(cols).toEqual(expect.arrayContaining(['id', 'email', 'fullName', 'balance']));
    // the name a user typed is quoted and cannot run as a formula
    expect(profile[1]).toContain(`"'=Asha, ""the early"" Riser"`);
    expect(csv('challenges.csv')[1]).toContain('2026-01-05,06:00,40,PENDING');
    expect(csv('notifications.csv')).toHaveLength(2);
    // sections I have nothing in still open with their columns
    expect(csv('groups.csv')).toEqual(['groupId,groupName,role,joinedAt']);
    expect(csv('payout-methods.csv')).toEqual(['type,label,upiId,accountNumber,ifscCode,accountHolderName,bankName,uses,lastUsedAt']);
    expect(strFromU8(files['ledger.csv'])).not.toContain(other.id);
  });

  it('includes my groups, referee requests sent and answered, saved payout methods (masked), plans, shields and leave', async () => {
    // Mornings of 2039 (no other test file books them).
    const DAY = '2039-08-02';
    t.clock.set(ist('2039-08-01', '10:00'));
    const asha = await createUser(t, { fullName: 'Asha Rao' });
    const bala = await createUser(t, { fullName: 'Bala Iyer' });
    await fund(t, asha.id, 10_000n);
    await fund(t, bala.id, 10_000n);
    const groupId = await groupOf(t, 'Dawn club', asha, bala);
    await nameReferee(t, groupId, asha, bala.id);
    await nameReferee(t, groupId, bala, asha.id);
    const mine = await photoMorning(t, asha, DAY);
    const theirs = await photoMorning(t, bala, DAY);
    await answer(t, bala, await askReferee(t, asha, mine), 'confirm', 'Clear photo');
    await answer(t, asha, await askReferee(t, bala, theirs), 'reject', 'Blurry');
    await settle(t, DAY);
    t.clock.set(ist('2039-08-03', '10:00'));
    await t.http().post('/api/v1/leave').set(asha.auth).send({ date: '2039-08-10' }).expect(201);
    const plan = (
      await t
        .http()
        .post('/api/v1/challenge-plans')
        .set(asha.auth)
        .send({ days: 'WEEKDAYS', wakeUpTime: '07:00', forfeitAmount: 20, startDate: '2039-08-15', weeks: 1 })
        .expect(201)
    ).body.data.plan;
    await t.app.get(DataSource).query(
      `INSERT INTO payout_methods (id, user_id, method, destination_key, upi_id, last_withdrawal_id, uses, created_at, last_used_at)
       VALUES (gen_random_uuid(), $1, 'UPI', 'upi:asha.rao@okaxis', 'asha.rao@okaxis', gen_random_uuid(), 2, now(), now())`,
      [asha.id],
    );

    const d = (await t.http().get('/api/v1/me/export').set(asha.auth).expect(200)).body.data;
    expect(d.groups.memberships).toEqual([{ groupId, groupName: 'Dawn club', role: 'OWNER', joinedAt: expect.any(String) }]);
    expect(d.groups.myReferee).toEqual({ name: 'Bala', groupName: 'Dawn club' });
    expect(d.groups.refereeRequestsSent).toEqual([
      expect.objectContaining({
        challengeId: mine,
        challengeDate: DAY,
        askedBy: 'Asha',
        referee: 'Bala',
        groupName: 'Dawn club',
        status: 'CONFIRMED',
        note: 'Clear photo',
        decidedAt: expect.any(String),
      }),
    ]);
    expect(d.groups.refereeRequestsAnswered).toEqual([
      expect.objectContaining({ challengeId: theirs, askedBy: 'Bala', referee: 'Asha', status: 'REJECTED', note: 'Blurry' }),
    ]);
    // masked as the withdraw page shows it: never the whole UPI id
    expect(d.payoutMethods).toEqual([expect.objectContaining({ type: 'UPI', label: 'as******@okaxis', upiId: 'as******@okaxis', uses: 2 })]);
    expect(JSON.stringify(d)).not.toContain('asha.rao@okaxis');
    expect(d.plans).toEqual([
      expect.objectContaining({
        id: plan.id,
        weekdays: [1, 2, 3, 4, 5],
        wakeUpTime: '07:00',
        forfeitAmount: 20,
        startDate: '2039-08-15',
        status: 'ACTIVE',
        totalDays: 5,
      }),
    ]);
    expect(d.shields).toEqual({ held: 0, earned: 0, spent: 0, nextShieldIn: 6 });
    expect(d.leave).toEqual([{ date: '2039-08-10', createdAt: expect.any(String) }]);
    // nothing of Bala's beyond his first name on the requests
    expect(JSON.stringify(d)).not.toContain(bala.email);
    expect(JSON.stringify(d)).not.toContain('Iyer');

    const zip = await t
      .http()
      .get('/api/v1/me/export?format=csv')
      .set(asha.auth)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      })
      .expect(200);
    const files = unzipSync(new Uint8Array(zip.body as Buffer));
    const csv = (name: string) =>
      strFromU8(files[name])
        .replace(/^\ufeff/, '')
        .trim()
        .split('\r\n');
    expect(csv('groups.csv')[1]).toMatch(new RegExp(`^${groupId},Dawn club,OWNER,`));
    expect(csv('referee-requests.csv').map((l) => l.split(',').slice(0, 2).join(','))).toEqual(['direction,challengeId', `SENT,${mine}`, `ANSWERED,${theirs}`]);
    expect(csv('payout-methods.csv')[1]).toMatch(/^UPI,as\*{6}@okaxis,as\*{6}@okaxis,/);
    expect(csv('shields-and-leave.csv')).toEqual(['held,earned,spent,nextShieldIn,leaveDays', '0,0,0,6,2039-08-10']);
    await t.http().delete(`/api/v1/challenge-plans/${plan.id}`).set(asha.auth).expect(200);
  });

  it('refuses an unknown format with a 400 that lists the allowed ones, and strangers with a 401', async () => {
    const bad = await t.http().get('/api/v1/me/export?format=xml').set(me.auth).expect(400);
    expect(bad.body).toMatchObject({ success: false, statusCode: 400, error: 'format must be one of json, csv' });
    await t.http().get('/api/v1/me/export').expect(401);
  });
});
