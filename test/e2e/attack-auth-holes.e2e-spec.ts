import { request as httpRequest } from 'node:http';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { randomLoopback } from '../setup/loopback.js';
import { registerUser, TestUser } from '../factories/users.js';
import { Mailer } from '../../src/modules/identity/infrastructure/mailer.service.js';
import { fundedUser, ist } from './challenges-helpers.js';

const API = '/api/v1/auth';
const LIMITED = 'Too many attempts. Please wait a minute and try again.';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: { success?: boolean; statusCode?: number; error?: string; message?: string; [k: string]: unknown };
}

/** A JSON request from a chosen loopback source address, with an optional bearer token. */
function call(base: string, from: string, method: string, path: string, body?: unknown, token?: string): Promise<Answer> {
  const url = new URL(path, base);
  const data = body === undefined ? '' : JSON.stringify(body);
  const headers: Record<string, string | number> = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) };
  if (token) headers.authorization = `Bearer ${token}`;
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path: url.pathname + url.search, method, localAddress: from, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') }));
    });
    req.on('error', reject);
    req.end(data);
  });
}

describe('attack: sign-in limits per account and address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT: '10', AUTH_RATE_LIMIT_IP: '1000' }, listen: true });
  });
  afterAll(() => t.close());
  const login = (from: string, u: TestUser, password: string) => call(t.url, from, 'POST', `${API}/login`, { email: u.email, password });
  const changePassword = (from: string, u: TestUser, currentPassword: string, token = u.token) =>
    call(t.url, from, 'POST', `${API}/change-password`, { currentPassword, newPassword: 'a-brand-new-password' }, token);

  it("ten wrong logins from a stranger's address do not lock the owner out from theirs", async () => {
    const owner = await registerUser(t);
    const stranger = randomLoopback();
    for (let i = 0; i < 10; i++) expect((await login(stranger, owner, `guess-${i}`)).status).toBe(401);
    const blocked = await login(stranger, owner, owner.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ success: false, statusCode: 429, error: LIMITED, message: LIMITED });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The owner, from their own address, is served.
    expect((await login(randomLoopback(), owner, owner.password)).status).toBe(200);
  });

  it('counts wrong current passwords on change-password: the 11th attempt is a 429 even with the right one, and nothing changes', async () => {
    const u = await registerUser(t);
    const from = randomLoopback();
    for (let i = 0; i < 10; i++) {
      const r = await changePassword(from, u, `guess-${i}`);
      expect(r.status).toBe(400);
      expect(r.body.error).toBe('Current password is incorrect');
    }
    const blocked = await changePassword(from, u, u.password);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(randomLoopback(), u, u.password)).status).toBe(200);
  });

  it('still caps reset mails to one inbox across many addresses, while logins from many addresses are not locked', async () => {
    const u = await registerUser(t);
    for (let i = 0; i < 10; i++) expect((await call(t.url, randomLoopback(), 'POST', `${API}/forgot-password`, { email: u.email })).status).toBe(200);
    const flooded = await call(t.url, randomLoopback(), 'POST', `${API}/forgot-password`, { email: u.email });
    expect(flooded.status).toBe(429);
    expect(Number(flooded.headers['retry-after'])).toBeGreaterThan(0);
    for (let i = 0; i < 12; i++) expect((await login(randomLoopback(), u, `guess-${i}`)).status).toBe(401);
    expect((await login(randomLoopback(), u, u.password)).status).toBe(200);
  });

  it('shares one counter between login and change-password guesses at the same account from one address', async () => {
    const u = await registerUser(t);
    const from = randomLoopback();
    for (let i = 0; i < 5; i++) expect((await changePassword(from, u, `guess-${i}`)).status).toBe(400);
    for (let i = 0; i < 5; i++) expect((await login(from, u, `guess-${i}`)).status).toBe(401);
    expect((await login(from, u, u.password)).status).toBe(429);
  });
});

describe('forgot-password does the same work for known and unknown emails', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** The statements a forgot-password request sends to PostgreSQL, parameters left out. */
  async function statementsOf(email: string): Promise<string[]> {
    const ds = t.app.get(DataSource);
    const seen: [string, unknown][] = [];
    const spy = jest
      .spyOn(ds.logger, 'logQuery')
      .mockImplementation((q: string, _p?: unknown, runner?: unknown) => void seen.push([q.replace(/\s+/g, ' ').trim(), runner]));
    try {
      await t.http().post(`${API}/forgot-password`).send({ email }).expect(200);
    } finally {
      spy.mockRestore();
    }
    // Only the connections this request used (the app's background work may run statements meanwhile).
    const mine = new Set(seen.filter(([q]) => /identity_tokens|"users"/.test(q)).map(([, r]) => r));
    return seen.filter(([, r]) => mine.has(r)).map(([q]) => q);
  }

  it('runs the same statements whether or not the email has an account, and mails only the real one', async () => {
    const known = await registerUser(t);
    await t.app.get(Mailer).flush();
    const send = jest.spyOn(t.app.get(Mailer), 'send');
    try {
      const forKnown = await statementsOf(known.email);
      const forUnknown = await statementsOf(`${randomUUID()}@test.local`);
      expect(forKnown.length).toBeGreaterThanOrEqual(4);
      expect(forUnknown).toEqual(forKnown);
      expect(send).toHaveBeenCalledTimes(1);
      expect(send.mock.calls[0][0].to).toBe(known.email);
    } finally {
      send.mockRestore();
    }
    // The known email's token was issued (one usable reset token); the unknown one left no row behind.
    const rows = await t.app
      .get(DataSource)
      .query(`SELECT count(*)::int AS n FROM identity_tokens WHERE user_id = $1 AND purpose = 'RESET_PASSWORD' AND used_at IS NULL`, [known.userId]);
    expect(rows[0].n).toBe(1);
  });
});

describe('attack: input that reached PostgreSQL as a 500', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const shape = { success: false, statusCode: 400, error: expect.any(String), message: expect.any(String) };

  it.each([
    ['login', 'post', `${API}/login`, { email: 'a\u0000@test.local', password: 'whatever-password' }],
    ['register', 'post', `${API}/register`, { email: 'b\u0000@test.local', password: 'whatever-password', fullName: 'Nul Byte' }],
    ['forgot-password', 'post', `${API}/forgot-password`, { email: 'c\u0000@test.local' }],
    ['resend-verification', 'post', `${API}/resend-verification`, { email: 'd\u0000@test.local' }],
  ])('refuses a NUL byte in the email of %s with a 400', async (_name, _method, path, body) => {
    const res = await t.http().post(path).send(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(shape);
    expect(res.body.error).toMatch(/NUL/);
  });

  it('refuses a NUL byte in a query string with a 400', async () => {
    const res = await t.http().post(`${API}/forgot-password`).query({ email: 'e\u0000@test.local' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('email must not contain a NUL character');
  });

  it('refuses a NUL byte in check-in notes with a 400 and leaves the challenge unchecked', async () => {
    const DAY = '2031-03-11';
    t.clock.set(ist('2031-03-10', '12:00'));
    const u = await fundedUser(t, 500);
    await t.app.get(DataSource).query(`UPDATE users SET date_of_birth = '1990-01-01' WHERE id = $1`, [u.id]);
    const created = await t.http().post('/api/v1/challenges').set(u.auth).send({ challengeDate: DAY, wakeUpTime: '06:00', forfeitAmount: 20 }).expect(201);
    const id = created.body.challenge.id as string;
    t.clock.set(ist(DAY, '05:50'));
    const res = await t.http().post('/api/v1/challenges/verify').set(u.auth).send({ challengeId: id, verificationMethod: 'MANUAL', notes: 'up\u0000early' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ ...shape, error: 'notes must not contain a NUL character', message: 'notes must not contain a NUL character' });
    const [row] = await t.app.get(DataSource).query(`SELECT status, notes FROM challenges WHERE id = $1`, [id]);
    expect(row).toEqual({ status: 'PENDING', notes: null });
    // The same check-in without the NUL goes through.
    await t.http().post('/api/v1/challenges/verify').set(u.auth).send({ challengeId: id, verificationMethod: 'MANUAL', notes: 'up early' }).expect(200);
  });

  it.each([
    ['/api/v1/streaks/statistics', { endDate: '9999-12-31' }],
    ['/api/v1/streaks/statistics', { startDate: '9999-12-31' }],
    ['/api/v1/wallet/earnings', { endDate: '9999-12-31' }],
    ['/api/v1/wallet/transactions', { endDate: '9999-12-31' }],
  ])('answers %s with %j as a 400, not a 500', async (path, query) => {
    t.clock.set(new Date());
    const u = await registerUser(t);
    const res = await t
      .http()
      .get(path)
      .query(query)
      .set({ Authorization: `Bearer ${u.token}` });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(shape);
  });
});
