import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { startSmtpReceiver, SmtpReceiver } from '../setup/smtp-receiver.js';
import { Mailer } from '../../src/modules/identity/infrastructure/mailer.service.js';
import { bearer, registerUser } from '../factories/users.js';

const API = '/api/v1/auth';
const HOUR = 60 * 60 * 1000;

describe('identity: register, verify, log in, reset (real SMTP)', () => {
  let t: TestApp;
  let smtp: SmtpReceiver;
  const db = () => t.app.get(DataSource);
  const newEmail = () => `${randomUUID()}@test.local`;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, APP_URL: 'http://app.test' } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  async function tokenFrom(email: string, subject: RegExp, path: string): Promise<string> {
    const mail = await smtp.waitFor(email, subject);
    const link = smtp.linkIn(mail, path);
    expect(link.origin).toBe('http://app.test');
    return link.searchParams.get('token')!;
  }

  it('walks register → mail → verify → login → forgot → mail → reset → old password refused → new accepted', async () => {
    const email = newEmail();
    const reg = await t.http().post(`${API}/register`).send({ email: email.toUpperCase(), password: 'first-password', fullName: 'Asha Rao' }).expect(201);
    expect(reg.body).toMatchObject({
      success: true,
      email,
      fullName: 'Asha Rao',
      isEmailVerified: false,
      isPhoneVerified: false,
      role: 'USER',
      isProfileComplete: false,
      phoneNumber: null,
    });
    expect(typeof reg.body.token).toBe('string');
    expect(reg.body.userId).toMatch(/^[0-9a-f-]{36}$/);
    const stored = await db().query('SELECT password_hash, sleep_challenges FROM users WHERE id = $1', [reg.body.userId]);
    expect(stored[0].password_hash).toMatch(/^\$argon2id\$/);
    expect(stored[0].sleep_challenges).toEqual(['Hitting snooze', 'Late night scrolling']);

    const verifyToken = await tokenFrom(email, /Verify/, '/verify-email');
    expect(verifyToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the hash is stored.
    const tokens = await db().query('SELECT token_hash FROM identity_tokens WHERE user_id = $1', [reg.body.userId]);
    expect(JSON.stringify(tokens)).not.toContain(verifyToken);

    const verified = await t.http().post(`${API}/verify-email`).query({ token: verifyToken }).expect(200);
    expect(verified.body).toMatchObject({ success: true, message: expect.stringMatching(/verified/i) });
    const login = await t.http().post(`${API}/login`).send({ email, password: 'first-password' }).expect(200);
    expect(login.body).toMatchObject({ success: true, isEmailVerified: true, userId: reg.body.userId });
    const oldSession = login.body.token;
    await t
      .http()
      .get(`${API}/profile`)
      .set(bearer({ token: oldSession }))
      .expect(200);

    const forgot = await t.http().post(`${API}/forgot-password`).send({ email }).expect(200);
    expect(forgot.body.success).toBe(true);
    const resetToken = await tokenFrom(email, /Reset/, '/reset-password');
    const check = await t.http().get(`${API}/verify-reset-token`).query({ token: resetToken }).expect(200);
    expect(check.body).toEqual({ success: true, valid: true, message: 'Reset link is valid.' });

    const reset = await t
      .http()
      .post(`${API}/reset-password`)
      .send({ token: resetToken, newPassword: 'second-password', confirmPassword: 'second-password' })
      .expect(200);
    expect(reset.body).toEqual({ success: true, message: 'Password reset successfully! Please login with your new password.' });

    const old = await t.http().post(`${API}/login`).send({ email, password: 'first-password' }).expect(401);
    expect(old.body).toMatchObject({ success: false, statusCode: 401, error: 'Invalid email or password' });
    await t.http().post(`${API}/login`).send({ email, password: 'second-password' }).expect(200);
    // The reset ended the sessions opened before it.
    await t
      .http()
      .get(`${API}/profile`)
      .set(bearer({ token: oldSession }))
      .expect(401);
  });

  it('accepts the older query-string forms of resend, verify, forgot and reset', async () => {
    const user = await registerUser(t);
    await smtp.waitFor(user.email, /Verify/);
    await t.http().post(`${API}/resend-verification`).query({ email: user.email }).expect(200);
    await t.app.get(Mailer).flush();
    const mails = smtp.messages.filter((m) => m.to.includes(user.email) && /Verify/.test(m.subject));
    expect(mails).toHaveLength(2);
    const token = smtp.linkIn(mails[1], '/verify-email').searchParams.get('token')!;
    await t.http().post(`${API}/verify-email`).send({ token }).expect(200);

    await t.http().post(`${API}/forgot-password`).query({ email: user.email }).expect(200);
    const resetToken = await tokenFrom(user.email, /Reset/, '/reset-password');
    await t.http().post(`${API}/reset-password`).query({ token: resetToken, newPassword: 'query-form-pass' }).expect(200);
    await t.http().post(`${API}/login`).send({ email: user.email, password: 'query-form-pass' }).expect(200);
  });

  it('refuses a verification token reused, expired or forged; a reused link of a verified account says so', async () => {
    const user = await registerUser(t);
    const token = await tokenFrom(user.email, /Verify/, '/verify-email');
    await t.http().post(`${API}/verify-email`).query({ token }).expect(200);
    const reused = await t.http().post(`${API}/verify-email`).query({ token }).expect(400);
    expect(reused.body.error).toMatch(/already verified/);

    const forged = await t
      .http()
      .post(`${API}/verify-email`)
      .send({ token: 'A'.repeat(43) })
      .expect(400);
    expect(forged.body.error).toMatch(/invalid or has expired/);

    const later = await registerUser(t);
    const lateToken = await tokenFrom(later.email, /Verify/, '/verify-email');
    t.clock.advance(24 * HOUR + 1000);
    try {
      await t.http().post(`${API}/verify-email`).query({ token: lateToken }).expect(400);
    } finally {
      t.clock.set(new Date());
    }
    const row = await db().query('SELECT is_email_verified FROM users WHERE id = $1', [later.userId]);
    expect(row[0].is_email_verified).toBe(false);
  });

  it('refuses a reset token reused, expired, superseded or forged', async () => {
    const user = await registerUser(t);
    await t.http().post(`${API}/forgot-password`).send({ email: user.email }).expect(200);
    const first = await tokenFrom(user.email, /Reset/, '/reset-password');
    await t.http().post(`${API}/reset-password`).send({ token: first, newPassword: 'new-password-1' }).expect(200);
    const reused = await t.http().post(`${API}/reset-password`).send({ token: first, newPassword: 'new-password-2' }).expect(400);
    expect(reused.body.error).toBe('Reset link is invalid or has expired.');
    expect((await t.http().get(`${API}/verify-reset-token`).query({ token: first })).body).toMatchObject({ valid: false });

    const forged = await t
      .http()
      .post(`${API}/reset-password`)
      .send({ token: 'B'.repeat(43), newPassword: 'new-password-3' })
      .expect(400);
    expect(forged.body.error).toBe('Reset link is invalid or has expired.');

    // Expired after one hour on the server's clock.
    smtp.messages.length = 0;
    await t.http().post(`${API}/forgot-password`).send({ email: user.email }).expect(200);
    const second = await tokenFrom(user.email, /Reset/, '/reset-password');
    t.clock.advance(HOUR + 1000);
    try {
      expect((await t.http().get(`${API}/verify-reset-token`).query({ token: second })).body).toMatchObject({ valid: false });
      await t.http().post(`${API}/reset-password`).send({ token: second, newPassword: 'new-password-4' }).expect(400);
    } finally {
      t.clock.set(new Date());
    }

    // A newer link retires the older one.
    smtp.messages.length = 0;
    await t.http().post(`${API}/forgot-password`).send({ email: user.email }).expect(200);
    const third = await tokenFrom(user.email, /Reset/, '/reset-password');
    smtp.messages.length = 0;
    await t.http().post(`${API}/forgot-password`).send({ email: user.email }).expect(200);
    const fourth = await tokenFrom(user.email, /Reset/, '/reset-password');
    await t.http().post(`${API}/reset-password`).send({ token: third, newPassword: 'new-password-5' }).expect(400);
    await t.http().post(`${API}/reset-password`).send({ token: fourth, newPassword: 'new-password-6' }).expect(200);
    await t.http().post(`${API}/login`).send({ email: user.email, password: 'new-password-1' }).expect(401);
    await t.http().post(`${API}/login`).send({ email: user.email, password: 'new-password-6' }).expect(200);
  });

  it('answers forgot-password and resend the same for unknown emails, and sends nothing', async () => {
    const known = await registerUser(t);
    const unknown = newEmail();
    const a = await t.http().post(`${API}/forgot-password`).send({ email: known.email }).expect(200);
    const b = await t.http().post(`${API}/forgot-password`).send({ email: unknown }).expect(200);
    expect(b.body).toEqual(a.body);
    const c = await t.http().post(`${API}/resend-verification`).send({ email: known.email }).expect(200);
    const d = await t.http().post(`${API}/resend-verification`).send({ email: unknown }).expect(200);
    expect(d.body).toEqual(c.body);
    await t.app.get(Mailer).flush();
    expect(smtp.messages.filter((m) => m.to.includes(unknown))).toHaveLength(0);
    expect(smtp.messages.filter((m) => m.to.includes(known.email) && /Reset/.test(m.subject))).toHaveLength(1);
  });

  it('does not resend verification to an address already verified', async () => {
    const user = await registerUser(t);
    const token = await tokenFrom(user.email, /Verify/, '/verify-email');
    await t.http().post(`${API}/verify-email`).send({ token }).expect(200);
    await t.http().post(`${API}/resend-verification`).send({ email: user.email }).expect(200);
    await t.app.get(Mailer).flush();
    expect(smtp.messages.filter((m) => m.to.includes(user.email) && /Verify/.test(m.subject))).toHaveLength(1);
  });

  it('refuses a second account for the same email, whatever its case', async () => {
    const user = await registerUser(t);
    const res = await t
      .http()
      .post(`${API}/register`)
      .send({ email: ` ${user.email.toUpperCase()} `, password: 'another-password', fullName: 'Copy' })
      .expect(400);
    expect(res.body.error).toMatch(/already exists/);
    expect((await db().query('SELECT count(*)::int AS n FROM users WHERE lower(email) = $1', [user.email]))[0].n).toBe(1);
  });
});

describe('identity: mail without SMTP_URL', () => {
  it('writes the message with its link to MAIL_DIR and does not fail the request', async () => {
    const t = await createTestApp();
    try {
      const user = await registerUser(t);
      await t.app.get(Mailer).flush();
      const { readdirSync, readFileSync } = await import('node:fs');
      const files = readdirSync(t.config.mailDir).filter((f) => f.includes(user.email) && f.endsWith('.json'));
      expect(files).toHaveLength(1);
      const mail = JSON.parse(readFileSync(`${t.config.mailDir}/${files[0]}`, 'utf8'));
      expect(mail).toMatchObject({ to: user.email, subject: 'Verify your WakeStake email' });
      expect(mail.text).toMatch(new RegExp(`${t.config.appUrl}/verify-email\\?token=[A-Za-z0-9_-]{43}`));
    } finally {
      await t.close();
    }
  });

  it('still answers when the SMTP server is down (the error is logged)', async () => {
    const t = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    try {
      const res = await t
        .http()
        .post(`${API}/register`)
        .send({ email: `${randomUUID()}@test.local`, password: 'password-123', fullName: 'No Mail' })
        .expect(201);
      expect(res.body.token).toBeTruthy();
      await t.app.get(Mailer).flush();
    } finally {
      await t.close();
    }
  });
});
