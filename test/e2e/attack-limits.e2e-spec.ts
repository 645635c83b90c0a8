import { randomUUID } from 'node:crypto';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { postFrom, randomLoopback } from '../setup/loopback.js';
import { errorShapeProblem } from '../setup/routes.js';

/** Attack: brute force on the auth routes is cut off at the 11th attempt in a minute, per email and per address. */
const API = '/api/v1/auth';
const MESSAGE = 'Too many attempts. Please wait a minute and try again.';

describe('attack: rate limits on the auth routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT: '10', AUTH_RATE_LIMIT_IP: '10' }, listen: true });
  });
  afterAll(() => t.close());

  const routes: [string, (email: string, i: number) => unknown, number][] = [
    ['login', (email, i) => ({ email, password: `wrong-password-${i}` }), 401],
    ['register', (email) => ({ email, password: 'correct-horse-battery', fullName: 'Rate Limited' }), 400],
    ['forgot-password', (email) => ({ email }), 200],
    ['resend-verification', (email) => ({ email }), 200],
  ];

  // Login and register count per email and address (a stranger's guesses never lock the owner out: see
  // attack-auth-holes); the routes that send mail still count per email from any address, so no inbox is flooded.
  const mailing = routes.filter(([route]) => route === 'forgot-password' || route === 'resend-verification');
  it.each(mailing)('%s: the 11th attempt in a minute for one email gets 429, from any address and in any letter case', async (route, body, usual) => {
    const email = `${randomUUID()}@test.local`;
    // Registered from its own address: 127.0.0.1's counters are shared with every other test app on this Redis.
    if (route === 'login')
      expect((await postFrom(t.url, randomLoopback(), `${API}/register`, { email, password: 'correct-horse-battery', fullName: 'Rate Limited' })).status).toBe(
        201,
      );
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await postFrom(t.url, randomLoopback(), `${API}/${route}`, body(email, i))).status);
    // Every attempt comes from a fresh address, so only the per-email counter can stop the 11th.
    expect(statuses.slice(1).every((s) => s === usual)).toBe(true);
    const blocked = await postFrom(t.url, randomLoopback(), `${API}/${route}`, body(`  ${email.toUpperCase()} `, 10));
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ success: false, statusCode: 429, error: MESSAGE, message: MESSAGE });
    // Another email is still served.
    const other = await postFrom(t.url, randomLoopback(), `${API}/${route}`, body(`${randomUUID()}@test.local`, 0));
    expect(other.status).not.toBe(429);
  });

  it('login: attempts for one email from many addresses do not lock it; the same email and address pair is cut off at the 11th', async () => {
    const email = `${randomUUID()}@test.local`;
    expect((await postFrom(t.url, randomLoopback(), `${API}/register`, { email, password: 'correct-horse-battery', fullName: 'Rate Limited' })).status).toBe(
      201,
    );
    for (let i = 0; i < 11; i++) expect((await postFrom(t.url, randomLoopback(), `${API}/login`, { email, password: `wrong-password-${i}` })).status).toBe(401);
    expect((await postFrom(t.url, randomLoopback(), `${API}/login`, { email, password: 'correct-horse-battery' })).status).toBe(200);
    const from = randomLoopback();
    for (let i = 0; i < 10; i++) expect((await postFrom(t.url, from, `${API}/login`, { email, password: `wrong-password-${i}` })).status).toBe(401);
    const blocked = await postFrom(t.url, from, `${API}/login`, { email: `  ${email.toUpperCase()} `, password: 'correct-horse-battery' });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ success: false, statusCode: 429, error: MESSAGE, message: MESSAGE });
  });

  it.each(routes)('%s: the address limit stops one address spraying many emails', async (route, fullBody) => {
    // Register is sprayed with bodies refused by validation (no password): counted all the same, and no hashing cost.
    const body = route === 'register' ? (email: string) => ({ email }) : fullBody;
    const from = randomLoopback();
    const limit = route === 'register' ? 30 : 10;
    for (let i = 0; i < limit; i++) {
      const res = await postFrom(t.url, from, `${API}/${route}`, body(`${randomUUID()}@test.local`, i));
      expect(res.status).not.toBe(429);
    }
    const blocked = await postFrom(t.url, from, `${API}/${route}`, body(`${randomUUID()}@test.local`, 0));
    expect(blocked.status).toBe(429);
    expect(errorShapeProblem(429, blocked.body, blocked.text)).toBeNull();
    expect((await postFrom(t.url, randomLoopback(), `${API}/${route}`, body(`${randomUUID()}@test.local`, 0))).status).not.toBe(429);
  });
});
