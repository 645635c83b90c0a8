import { CommandBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { strFromU8, unzipSync } from 'fflate';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { createUser, fund, TestUser } from '../factories/wallet.js';
import { CreateNotificationCommand } from '../../src/modules/wallet/commands/create-notification/create-notification.command.js';

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
    await t.app.get(CommandBus).execute(new CreateNotificationCommand({ userId: me.id, type: 'DEPOSIT_CREDITED', title: 'Money added', message: '₹123.45 added to your wallet' }));
    await t.app.get(CommandBus).execute(new CreateNotificationCommand({ userId: other.id, type: 'DEPOSIT_CREDITED', title: 'Money added', message: 'not mine' }));
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
    expect(Object.keys(files).sort()).toEqual(['challenges.csv', 'ledger.csv', 'notifications.csv', 'profile.csv']);
    const csv = (name: string) => strFromU8(files[name]).replace(/^\ufeff/, '').trim().split('\r\n');
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
    expect(strFromU8(files['ledger.csv'])).not.toContain(other.id);
  });

  it('refuses an unknown format with a 400 that lists the allowed ones, and strangers with a 401', async () => {
    const bad = await t.http().get('/api/v1/me/export?format=xml').set(me.auth).expect(400);
    expect(bad.body).toMatchObject({ success: false, statusCode: 400, error: 'format must be one of json, csv' });
    await t.http().get('/api/v1/me/export').expect(401);
  });
});
