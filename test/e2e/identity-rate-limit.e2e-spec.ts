import { randomUUID } from 'node:crypto';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { postFrom, randomLoopback } from '../setup/loopback.js';
import { registerUser } from '../factories/users.js';

const API = '/api/v1/auth';
const MESSAGE = 'Too many attempts. Please wait a minute and try again.';

describe('identity: sign-in rate limits', () => {
  it('answers the 11th login attempt in a minute for one email with 429, even with the right password', async () => {
    const t = await createTestApp({ env: { AUTH_RATE_LIMIT: '10' } });
    try {
      const u = await registerUser(t);
      for (let i = 0; i < 10; i++) {
        await t
          .http()
          .post(`${API}/login`)
          .send({ email: u.email, password: `wrong-password-${i}` })
          .expect(401);
      }
      const res = await t.http().post(`${API}/login`).send({ email: u.email.toUpperCase(), password: u.password }).expect(429);
      expect(res.body).toEqual({ success: false, statusCode: 429, error: MESSAGE, message: MESSAGE });
      // Another email is not affected.
      const other = await registerUser(t);
      await t.http().post(`${API}/login`).send({ email: other.email, password: other.password }).expect(200);
      // Forgot-password and resend count per email too.
      const email = `${randomUUID()}@test.local`;
      for (let i = 0; i < 10; i++) await t.http().post(`${API}/forgot-password`).send({ email }).expect(200);
      await t.http().post(`${API}/forgot-password`).query({ email }).expect(429);
    } finally {
      await t.close();
    }
  });

  it('answers the 11th login attempt in a minute from one address with 429, whatever the email', async () => {
    const t = await createTestApp({ env: { AUTH_RATE_LIMIT_IP: '10', AUTH_RATE_LIMIT: '1000' }, listen: true });
    try {
      const from = randomLoopback();
      for (let i = 0; i < 10; i++) {
        const res = await postFrom(t.url, from, `${API}/login`, { email: `${randomUUID()}@test.local`, password: 'some-password' });
        expect(res.status).toBe(401);
      }
      const blocked = await postFrom(t.url, from, `${API}/login`, { email: `${randomUUID()}@test.local`, password: 'some-password' });
      expect(blocked.status).toBe(429);
      expect(blocked.body.error).toBe(MESSAGE);
      // Another address is still served.
      const elsewhere = await postFrom(t.url, randomLoopback(), `${API}/login`, { email: `${randomUUID()}@test.local`, password: 'some-password' });
      expect(elsewhere.status).toBe(401);
      // Register allows three times the address limit.
      const regFrom = randomLoopback();
      for (let i = 0; i < 30; i++) {
        const r = await postFrom(t.url, regFrom, `${API}/register`, { email: `${randomUUID()}@test.local` });
        expect(r.status).toBe(400);
      }
      expect((await postFrom(t.url, regFrom, `${API}/register`, { email: `${randomUUID()}@test.local` })).status).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('does not limit the routes it is not on (profile, verify-email)', async () => {
    const t = await createTestApp({ env: { AUTH_RATE_LIMIT_IP: '2', AUTH_RATE_LIMIT: '2' }, listen: true });
    try {
      const from = randomLoopback();
      for (let i = 0; i < 5; i++) expect((await postFrom(t.url, from, `${API}/verify-email`, { token: 'x'.repeat(43) })).status).toBe(400);
    } finally {
      await t.close();
    }
  });
});
