import { CommandBus } from '@nestjs/cqrs';
import { createECDH, randomBytes } from 'node:crypto';
import { createServer, Server } from 'node:https';
import { DataSource } from 'typeorm';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { SmtpReceiver, startSmtpReceiver } from '../setup/smtp-receiver.js';
import { createUser, TestUser } from '../factories/wallet.js';
import { MailOutbox } from '../../src/common/mail/mail-outbox.js';
import { SendDueRemindersCommand } from '../../src/modules/notifications/commands/send-due-reminders/send-due-reminders.command.js';
import { selfSignedPushCert, TEST_PUSH_HOST, testPushEnv, testPushOverrides } from '../setup/test-push-host.js';

/** A local push service: 201 Created, or the status a path is given (410 Gone: the subscription ended; 500: failing). */
function pushService(
  statusFor: Map<string, number>,
  tls: { key: Buffer; cert: Buffer },
): Promise<{ server: Server; origin: string; port: number; received: string[] }> {
  const received: string[] = [];
  const server = createServer(tls, (req, res) => {
    req.resume();
    req.on('end', () => {
      received.push(req.url ?? '');
      res.writeHead(statusFor.get(req.url ?? '') ?? 201).end();
    });
  });
  return new Promise((ok) =>
    server.listen(0, '127.0.0.1', () =>
      ok({
        server,
        origin: `https://${TEST_PUSH_HOST}:${(server.address() as { port: number }).port}`,
        port: (server.address() as { port: number }).port,
        received,
      }),
    ),
  );
}

function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

// Each case has a morning of its own (2035), 06:00 IST: window 05:45–06:10 IST = 00:15–00:40 UTC.
const EVENING = (date: string) => `${date}T14:30:05Z`; // 20:00 IST the evening before (pass the day before)
const OPEN = (date: string) => `${date}T00:15:10Z`; // 05:45 IST, the window has just opened

describe('reminder channels: push, mail as the fallback, in-app always, quiet hours', () => {
  let t: TestApp;
  let ds: DataSource;
  let smtp: SmtpReceiver;
  let push: Awaited<ReturnType<typeof pushService>>;
  const statusFor = new Map<string, number>();

  beforeAll(async () => {
    const tls = selfSignedPushCert();
    smtp = await startSmtpReceiver();
    push = await pushService(statusFor, tls);
    t = await createTestApp({ env: { SMTP_URL: smtp.url, ...testPushEnv(push.port) }, override: testPushOverrides(tls.cert) });
    ds = t.app.get(DataSource);
  });
  afterAll(async () => {
    push.server.close();
    await t.close();
    await smtp.close();
  });

  const send = async () => {
    const result = await t.app.get(CommandBus).execute(new SendDueRemindersCommand());
    await t.app.get(MailOutbox).flush(); // the mail's first attempt runs in the background
    return result;
  };
  async function pendingChallenge(userId: string, date: string): Promise<string> {
    const [row] = (await ds.query(
      `INSERT INTO challenges (id, user_id, challenge_date, wake_up_time, stake, status, window_opens_at, window_closes_at, created_at)
       VALUES (gen_random_uuid(), $1, $2::date, '06:00', 4000, 'PENDING', ($2::text || 'T00:15:00Z')::timestamptz, ($2::text || 'T00:40:00Z')::timestamptz, now())
       RETURNING id`,
      [userId, date],
    )) as { id: string }[];
    return row.id;
  }
  async function subscribe(u: TestUser, path: string, status?: number): Promise<void> {
    if (status) statusFor.set(path, status);
    await t
      .http()
      .post('/api/v1/notifications/push/subscriptions')
      .set(u.auth)
      .send({ endpoint: `${push.origin}${path}`, keys: browserKeys() })
      .expect(201);
  }
  const setReminders = (u: TestUser, reminders: Record<string, unknown>) => t.http().put('/api/v1/auth/profile').set(u.auth).send({ settings: { reminders } });
  const pushedTo = (path: string) => push.received.filter((p) => p === path).length;
  const mailsTo = (u: TestUser) => smtp.messages.filter((m) => m.to.includes(u.email.toLowerCase()));
  const outboxRows = async (u: TestUser) =>
    Number(((await ds.query(`SELECT count(*)::int AS n FROM mail_outbox WHERE to_address = $1`, [u.email])) as { n: number }[])[0].n);
  const inApp = (u: TestUser) =>
    ds.query(`SELECT type, title, message, data FROM notifications WHERE user_id = $1 AND type = 'CHALLENGE_REMINDER' ORDER BY created_at`, [u.id]) as Promise<
      Array<{ type: string; title: string; message: string; data: Record<string, unknown> }>
    >;
  const sentRow = async (challengeId: string, kind: string) =>
    (
      (await ds.query(`SELECT channel, delivered, mail_id FROM push_reminders_sent WHERE challenge_id = $1 AND kind = $2`, [challengeId, kind])) as Array<{
        channel: string;
        delivered: number;
        mail_id: string | null;
      }>
    )[0];

  it('serves the reminder settings with defaults, saves them, and refuses bad quiet hours with a clear message and nothing changed', async () => {
    const u = await createUser(t);
    const before = await t.http().get('/api/v1/auth/profile').set(u.auth).expect(200);
    expect(before.body.data.settings.reminders).toEqual({ push: true, mail: true, quietHours: null });
    const saved = await setReminders(u, { mail: false, quietHours: { start: '22:30', end: '06:15' } }).expect(200);
    expect(saved.body.data.settings.reminders).toEqual({ push: true, mail: false, quietHours: { start: '22:30', end: '06:15' } });
    const cases: Array<[unknown, string]> = [
      [{ quietHours: { start: '24:00', end: '06:00' } }, 'settings.reminders.quietHours.start must be a time as HH:MM (00:00 to 23:59)'],
      [{ quietHours: { start: '22:00' } }, 'settings.reminders.quietHours.end must be a time as HH:MM (00:00 to 23:59)'],
      [{ quietHours: { start: '22:00', end: '22:00' } }, 'settings.reminders.quietHours: start and end must differ'],
      [{ quietHours: { start: '22:00', end: '06:00', tz: 'UTC' } }, 'Unknown setting: settings.reminders.quietHours.tz'],
      [{ quietHours: '22:00-06:00' }, 'settings.reminders.quietHours must be null or { start, end } as HH:MM'],
      [{ push: 'yes' }, 'settings.reminders.push must be true or false'],
      [{ sms: true }, 'Unknown setting: settings.reminders.sms'],
    ];
    for (const [reminders, error] of cases) {
      const res = await setReminders(u, reminders as Record<string, unknown>).expect(400);
      expect(res.body).toMatchObject({ success: false, statusCode: 400, error });
    }
    const after = await t.http().get('/api/v1/auth/profile').set(u.auth).expect(200);
    expect(after.body.data.settings.reminders).toEqual({ push: true, mail: false, quietHours: { start: '22:30', end: '06:15' } });
    // clearing the quiet hours
    expect((await setReminders(u, { quietHours: null }).expect(200)).body.data.settings.reminders.quietHours).toBeNull();
  });

  it('pushes (and does not mail) when push is on and a device takes it; the in-app notice is written too', async () => {
    const u = await createUser(t);
    await subscribe(u, '/rc/push-on');
    const id = await pendingChallenge(u.id, '2035-03-02');
    t.clock.set(OPEN('2035-03-02'));
    expect(await send()).toEqual({ reminders: 1, delivered: 1 });
    expect(pushedTo('/rc/push-on')).toBe(1);
    expect(await outboxRows(u)).toBe(0);
    expect(mailsTo(u)).toHaveLength(0);
    expect(await inApp(u)).toEqual([
      {
        type: 'CHALLENGE_REMINDER',
        title: 'Time to wake up',
        message: 'Check-in is open: ₹40 on 6:00 AM IST.',
        data: { challengeId: id, kind: 'open', channel: 'push' },
      },
    ]);
    expect(await sentRow(id, 'open')).toEqual({ channel: 'push', delivered: 1, mail_id: null });
  });

  it('mails a user with no push subscription (verified address only), through the outbox', async () => {
    const u = await createUser(t);
    const unverified = await createUser(t, { verified: false });
    const id = await pendingChallenge(u.id, '2035-03-05');
    const other = await pendingChallenge(unverified.id, '2035-03-05');
    t.clock.set(EVENING('2035-03-04'));
    expect(await send()).toEqual({ reminders: 0, delivered: 0 });
    const mail = await smtp.waitFor(u.email, /Tomorrow morning/);
    expect(mail.body).toContain('₹40 on 6:00 AM IST tomorrow. Sleep well.');
    expect(mail.links).toContain('http://localhost:3000/dashboard');
    const row = await sentRow(id, 'evening');
    expect(row).toMatchObject({ channel: 'mail', delivered: 0 });
    // staged as a reminder (support's mail list tells it from other mail by its kind)
    expect(((await ds.query(`SELECT state, kind FROM mail_outbox WHERE id = $1`, [row.mail_id])) as { state: string; kind: string }[])[0]).toEqual({
      state: 'SENT',
      kind: 'REMINDER',
    });
    expect((await inApp(u)).map((n) => n.message)).toEqual(['₹40 on 6:00 AM IST tomorrow. Sleep well.']);
    // an unverified address is never mailed: the reminder stays in the app
    expect(await sentRow(other, 'evening')).toMatchObject({ channel: 'in-app', mail_id: null });
    expect(await outboxRows(unverified)).toBe(0);
    expect(await inApp(unverified)).toHaveLength(1);
  });

  it('mails when every subscription is gone (410, dropped) or failing (500), and never both', async () => {
    const gone = await createUser(t);
    await subscribe(gone, '/rc/gone', 410);
    const failing = await createUser(t);
    await subscribe(failing, '/rc/failing', 500);
    const goneId = await pendingChallenge(gone.id, '2035-03-08');
    const failingId = await pendingChallenge(failing.id, '2035-03-08');
    t.clock.set(OPEN('2035-03-08'));
    expect(await send()).toEqual({ reminders: 2, delivered: 0 });
    expect(pushedTo('/rc/gone')).toBe(1);
    expect(pushedTo('/rc/failing')).toBe(1);
    expect(await ds.query(`SELECT 1 FROM push_subscriptions WHERE endpoint = $1`, [`${push.origin}/rc/gone`])).toHaveLength(0);
    expect(await ds.query(`SELECT 1 FROM push_subscriptions WHERE endpoint = $1`, [`${push.origin}/rc/failing`])).toHaveLength(1);
    for (const [u, id] of [
      [gone, goneId],
      [failing, failingId],
    ] as const) {
      await smtp.waitFor(u.email, /Time to wake up/);
      expect(await sentRow(id, 'open')).toMatchObject({ channel: 'mail', delivered: 0, mail_id: expect.any(String) });
      expect((await inApp(u)).map((n) => n.data.channel)).toEqual(['push']); // the notice records the first channel tried
    }
  });

  it('keeps the reminder in the app only when both push and mail are switched off', async () => {
    const u = await createUser(t);
    await subscribe(u, '/rc/switched-off');
    await setReminders(u, { push: false, mail: false }).expect(200);
    const id = await pendingChallenge(u.id, '2035-03-11');
    t.clock.set(OPEN('2035-03-11'));
    expect(await send()).toEqual({ reminders: 0, delivered: 0 });
    expect(pushedTo('/rc/switched-off')).toBe(0);
    expect(await outboxRows(u)).toBe(0);
    expect(await sentRow(id, 'open')).toMatchObject({ channel: 'in-app', mail_id: null });
    expect((await inApp(u)).map((n) => n.title)).toEqual(['Time to wake up']);

    // push off alone: mail instead (the closing reminder of the same morning)
    await setReminders(u, { mail: true }).expect(200);
    t.clock.set('2035-03-11T00:35:10Z');
    expect(await send()).toEqual({ reminders: 0, delivered: 0 });
    expect(pushedTo('/rc/switched-off')).toBe(0);
    await smtp.waitFor(u.email, /5 minutes left/);
  });

  it('honours quiet hours across midnight for the evening reminder, but never silences the booked window', async () => {
    const sleeper = await createUser(t);
    await subscribe(sleeper, '/rc/quiet');
    await setReminders(sleeper, { quietHours: { start: '22:00', end: '07:00' } }).expect(200);
    const lateOwl = await createUser(t);
    await subscribe(lateOwl, '/rc/late-owl');
    await setReminders(lateOwl, { quietHours: { start: '23:30', end: '05:00' } }).expect(200);
    const id = await pendingChallenge(sleeper.id, '2035-03-15');
    await pendingChallenge(lateOwl.id, '2035-03-15');

    t.clock.set('2035-03-14T17:35:00Z'); // 23:05 IST: inside 22:00–07:00, outside 23:30–05:00
    expect(await send()).toEqual({ reminders: 1, delivered: 1 });
    expect(pushedTo('/rc/quiet')).toBe(0);
    expect(pushedTo('/rc/late-owl')).toBe(1);
    expect(await outboxRows(sleeper)).toBe(0);
    expect(await sentRow(id, 'evening')).toMatchObject({ channel: 'in-app' });
    expect((await inApp(sleeper)).map((n) => n.title)).toEqual(['Tomorrow morning']);

    t.clock.set(OPEN('2035-03-15')); // 05:45 IST, still inside 22:00–07:00: the window the user booked
    expect(await send()).toEqual({ reminders: 2, delivered: 2 });
    expect(pushedTo('/rc/quiet')).toBe(1);
  });

  it('sends a reminder once however often the scan runs, even side by side, and a failed push is mailed once', async () => {
    const u = await createUser(t);
    await subscribe(u, '/rc/retry', 500);
    const id = await pendingChallenge(u.id, '2035-03-18');
    t.clock.set(OPEN('2035-03-18'));
    const results = await Promise.all([send(), send(), send()]);
    expect(results.reduce((n, r) => n + r.reminders, 0)).toBe(1);
    await smtp.waitFor(u.email, /Time to wake up/);
    t.clock.set('2035-03-18T00:20:00Z'); // a later scan while "open" is still true
    expect(await send()).toEqual({ reminders: 0, delivered: 0 });
    expect(pushedTo('/rc/retry')).toBe(1);
    expect(await outboxRows(u)).toBe(1);
    expect(mailsTo(u)).toHaveLength(1);
    expect(await inApp(u)).toHaveLength(1);
    expect(await sentRow(id, 'open')).toMatchObject({ channel: 'mail' });
  });
});
