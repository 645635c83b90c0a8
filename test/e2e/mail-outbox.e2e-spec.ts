import { randomUUID } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { SettleDateCommand } from '../../src/modules/settlement/commands/settle-date/settle-date.command.js';
import { rupees, seedDay } from './settlement-seed.js';
import { createWorker } from '../../src/bootstrap.js';
import { MailOutbox } from '../../src/common/mail/mail-outbox.js';
import { Metrics } from '../../src/observability/metrics.service.js';
import { createUser } from '../factories/wallet.js';
import { SmtpReceiver, startSmtpReceiver } from '../setup/smtp-receiver.js';
import { createTestApp, TestApp, testConfig } from '../setup/test-app.js';
import { until } from '../simulation/wait.js';

interface OutboxRow {
  id: string;
  kind: string;
  state: string;
  attempts: number;
  last_error: string | null;
  request_id: string | null;
  text_body: string | null;
  html_body: string | null;
}

/** Mail goes through the outbox and the mail queue: a message written while the SMTP server is down arrives after it is back. */
describe('mail outbox', () => {
  let smtp: SmtpReceiver;
  let smtpPort = 0;
  let t: TestApp;
  let worker: INestApplicationContext;
  let env: Record<string, string>;

  beforeAll(async () => {
    // A port that nothing listens on for now: the SMTP server is "down".
    const probe = await startSmtpReceiver();
    smtpPort = Number(new URL(probe.url).port);
    await probe.close();
    env = { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_RETRY_DELAY_MS: '100', WORKER_HEALTH_PORT: 'off', SETTLEMENT_RECEIPT_MAIL: 'true' };
    t = await createTestApp({ env });
    worker = await createWorker(testConfig(env));
  });
  afterAll(async () => {
    await worker?.close();
    await t?.close();
    await smtp?.close();
  });

  const db = () => t.app.get(DataSource);
  const rowsFor = async (email: string): Promise<OutboxRow[]> =>
    db().query(`SELECT id, kind, state, attempts, last_error, request_id, text_body, html_body FROM mail_outbox WHERE to_address = $1 ORDER BY created_at`, [
      email,
    ]);

  it('keeps retrying while SMTP is down and delivers once it is back; the body is dropped once sent', async () => {
    const email = `${randomUUID()}@test.local`;
    const requestId = `mail-test-${randomUUID()}`;
    const res = await t
      .http()
      .post('/api/v1/auth/register')
      .set('X-Request-Id', requestId)
      .send({ email, password: 'password-123', fullName: 'Mail Later' })
      .expect(201);
    expect(res.headers['x-request-id']).toBe(requestId);

    // The api's own attempt and at least one of the worker's retries failed; the message waits, with the reason.
    const waiting = await until(
      'two failed attempts',
      async () => {
        const [row] = await rowsFor(email);
        return row && row.attempts >= 2 && row.state === 'PENDING' ? row : null;
      },
      20_000,
      50,
    );
    expect(waiting).toMatchObject({ kind: 'VERIFY_EMAIL', request_id: requestId, last_error: expect.stringMatching(/ECONNREFUSED|connect/i) });
    expect(waiting.text_body).toMatch(/verify-email\?token=/);

    smtp = await startSmtpReceiver(smtpPort);
    const mail = await smtp.waitFor(email, /Verify/, 30_000);
    expect(smtp.linkIn(mail, '/verify-email').searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const sent = await until(
      'row SENT',
      async () => {
        const [row] = await rowsFor(email);
        return row?.state === 'SENT' ? row : null;
      },
      10_000,
      50,
    );
    expect(sent).toMatchObject({ text_body: null, html_body: null, last_error: null });
    expect(smtp.messages.filter((m) => m.to.includes(email))).toHaveLength(1);
  });

  it('writes the row in the transaction of the change: rolled back together, and a refused sign-up leaves no mail', async () => {
    const email = `${randomUUID()}@test.local`;
    await expect(
      db().transaction(async (m) => {
        await t.app.get(MailOutbox).stage(m, { to: email, subject: 'Never', text: 't', html: 'h' }, 'GENERIC');
        expect(await m.query(`SELECT count(*)::int AS n FROM mail_outbox WHERE to_address = $1`, [email])).toEqual([{ n: 1 }]);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await rowsFor(email)).toEqual([]);
    const user = await createUser(t);
    await t.http().post('/api/v1/auth/register').send({ email: user.email.toUpperCase(), password: 'password-123', fullName: 'Twice' }).expect(400);
    expect(await rowsFor(user.email)).toEqual([]);
  });

  it('stages settlement receipts in the settlement transaction and sends them, only to users whose mail setting is on', async () => {
    const date = '2026-10-07';
    const [won, missed, quiet] = await seedDay(t.app, date, [
      { stake: rupees(100), ok: true },
      { stake: rupees(100), ok: false },
      { stake: rupees(100), ok: true },
    ]);
    await db().query(`UPDATE users SET settings = '{"notifications":{"email":false}}'::jsonb WHERE id = $1`, [quiet.userId]);
    await t.app.get(CommandBus).execute(new SettleDateCommand(date));
    const kinds = await db().query(`SELECT to_address FROM mail_outbox WHERE kind = 'SETTLEMENT_RECEIPT' AND to_address = ANY($1)`, [
      [won.email, missed.email, quiet.email],
    ]);
    expect(kinds.map((r: { to_address: string }) => r.to_address).sort()).toEqual([won.email, missed.email].sort());
    // (A subject with ₹ travels MIME-encoded: the body is what the receiver decodes.)
    const wonMail = await smtp.waitFor(won.email, undefined, 20_000);
    expect(wonMail.body).toMatch(/You woke up on time on 7 Oct 2026: your .* stake is back and you won .* from the pool, .* in your wallet\./);
    expect(wonMail.body).toContain('/wallet/transactions');
    expect((await smtp.waitFor(missed.email, undefined, 20_000)).body).toMatch(/\(85% of your .* stake\) is back in your wallet/);
    // Settling again pays nothing twice and mails nothing twice.
    await t.app.get(CommandBus).execute(new SettleDateCommand(date));
    expect(await db().query(`SELECT count(*)::int AS n FROM mail_outbox WHERE kind = 'SETTLEMENT_RECEIPT' AND to_address = $1`, [won.email])).toEqual([
      { n: 1 },
    ]);
  });

  it('shows the outbox in the support console with its state, never a body, and only to support staff', async () => {
    const email = `${randomUUID()}@test.local`;
    await t.http().post('/api/v1/auth/register').send({ email, password: 'password-123', fullName: 'Console' }).expect(201);
    await smtp.waitFor(email, /Verify/, 20_000);
    const staff = await createUser(t, { role: 'SUPPORT' });
    const user = await createUser(t);
    await t.http().get('/api/v1/support/mail').set(user.auth).expect(403);
    await t.http().get('/api/v1/support/mail?state=LOST').set(staff.auth).expect(400);
    await t.http().get('/api/v1/support/mail?limit=0').set(staff.auth).expect(400);
    const list = await until(
      'SENT in the console',
      async () => {
        const r = await t.http().get('/api/v1/support/mail').query({ email }).set(staff.auth).expect(200);
        return r.body.data.mail[0]?.state === 'SENT' ? r.body.data.mail : null;
      },
      10_000,
      100,
    );
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      kind: 'VERIFY_EMAIL',
      to: email,
      subject: 'Verify your WakeStake email',
      state: 'SENT',
      attempts: 1,
      alerted: false,
      lastError: null,
    });
    expect(JSON.stringify(list)).not.toMatch(/token=|text_body|html/);
  });

  it('alerts once on a message not sent for a day, visible in the console and in the metrics', async () => {
    const id = randomUUID();
    const email = `${randomUUID()}@test.local`;
    const old = new Date(Date.now() - 25 * 3600_000);
    await db().query(
      `INSERT INTO mail_outbox (id, kind, to_address, subject, text_body, html_body, state, attempts, last_error, created_at, updated_at)
       VALUES ($1, 'GENERIC', $2, 'Stuck', 't', 'h', 'PENDING', 40, 'connect ECONNREFUSED', $3, $3)`,
      [id, email, old],
    );
    const outbox = worker.get(MailOutbox);
    expect(await outbox.alertStuck()).toContain(id);
    expect(await outbox.alertStuck()).not.toContain(id);
    const staff = await createUser(t, { role: 'SUPPORT' });
    const r = await t.http().get('/api/v1/support/mail').query({ email, state: 'pending' }).set(staff.auth).expect(200);
    expect(r.body.data.mail).toEqual([expect.objectContaining({ id, state: 'PENDING', alerted: true, attempts: 40 })]);
    await t.app.get(Metrics).refresh();
    const text = (await t.http().get('/metrics').expect(200)).text;
    const age = Number(/^wakestake_mail_outbox_oldest_unsent_age_seconds (\S+)$/m.exec(text)?.[1]);
    expect(age).toBeGreaterThan(24 * 3600);
    // The sweep hands the stuck message (no job carries it) to the queue; SMTP is up, so it goes out.
    await outbox.sweep();
    await smtp.waitFor(email, /Stuck/, 20_000);
  });
});
