import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { PrivateRedis } from '../setup/private-redis.js';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { bearer, registerUser } from '../factories/users.js';

const API = '/api/v1/auth';

/** The auth keys live under BULLMQ_PREFIX like every other key, and a Redis outage is a 503 on sign-in, never a 500. */
describe('auth and Redis: key prefix, outage', () => {
  let redis: PrivateRedis;
  let t: TestApp;
  const prefix = `wakestake-authkeys-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    redis = await PrivateRedis.create();
    t = await createTestApp({ env: { REDIS_URL: redis.url, BULLMQ_PREFIX: prefix } });
  }, 60_000);
  afterAll(async () => {
    await redis.start().catch(() => undefined);
    await t?.close();
    await redis?.stop();
    jest.restoreAllMocks();
  });

  it('writes every key under the prefix: rate limits, logout revocation, password-change revocation', async () => {
    const u = await registerUser(t);
    const login = await t.http().post(`${API}/login`).send({ email: u.email, password: u.password }).expect(200);
    await t.http().post(`${API}/forgot-password`).send({ email: u.email }).expect(200);
    await t.http().post(`${API}/logout`).set(bearer(login.body)).expect(200);
    await t.http().get(`${API}/profile`).set(bearer(login.body)).expect(401);
    await t.http().post(`${API}/change-password`).set(bearer(u)).send({ currentPassword: u.password, newPassword: 'another-password-1' }).expect(200);
    await t.http().get(`${API}/profile`).set(bearer(u)).expect(401);

    const probe = new Redis(redis.url);
    try {
      const keys = await probe.keys('*');
      expect(keys.filter((k) => k.includes(':auth:revoked:'))).toHaveLength(1);
      expect(keys.filter((k) => k.includes(':auth:not-before:'))).toHaveLength(1);
      expect(keys.filter((k) => k.includes(':throttle:')).length).toBeGreaterThan(0);
      expect(keys.filter((k) => !k.startsWith(`${prefix}:`))).toEqual([]);
    } finally {
      probe.disconnect();
    }
  });

  it('still honours a revocation written under the old unprefixed key (tokens logged out before the upgrade stay out)', async () => {
    const u = await registerUser(t);
    await t.http().get(`${API}/profile`).set(bearer(u)).expect(200);
    const jti = JSON.parse(Buffer.from(u.token.split('.')[1], 'base64url').toString('utf8')).jti as string;
    const probe = new Redis(redis.url);
    try {
      await probe.set(`auth:revoked:${jti}`, '1', 'EX', 600);
    } finally {
      probe.disconnect();
    }
    await t.http().get(`${API}/profile`).set(bearer(u)).expect(401);
  });

  it('answers login, register and forgot-password with a 503 in the error shape while Redis is down', async () => {
    const u = await registerUser(t);
    // The app's queues report the lost connection on console.error while Redis is away: expected here.
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await redis.stop();
    try {
      const attempts = [
        t.http().post(`${API}/login`).send({ email: u.email, password: u.password }),
        t
          .http()
          .post(`${API}/register`)
          .send({ email: `${randomUUID()}@test.local`, password: 'some-password-1', fullName: 'Down Time' }),
        t.http().post(`${API}/forgot-password`).send({ email: u.email }),
        t.http().post(`${API}/change-password`).set(bearer(u)).send({ currentPassword: u.password, newPassword: 'another-password-2' }),
      ];
      for (const res of await Promise.all(attempts)) {
        expect(res.status).toBe(503);
        expect(res.body).toEqual({ success: false, statusCode: 503, error: expect.any(String), message: expect.any(String) });
      }
    } finally {
      await redis.start();
    }
    // Back up: served again.
    await t.http().post(`${API}/login`).send({ email: u.email, password: u.password }).expect(200);
  }, 60_000);
});
