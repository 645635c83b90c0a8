import { createHmac, randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { bearer, registerUser, verifiedUser, makeAdult } from '../factories/users.js';
import { fund } from '../factories/wallet.js';
import { grantRoleCommand } from '../../src/modules/identity/identity.cli.js';
import { CLI_COMMANDS } from '../../src/cli-commands.js';
import { addDays, zonedParts } from '../../src/common/time.js';

const API = '/api/v1/auth';
const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const decode = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString('utf8'));
function hs256(payload: object, secret: string, header: object = { alg: 'HS256', typ: 'JWT' }): string {
  const head = `${b64(header)}.${b64(payload)}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

describe('identity: sessions, tokens, password change, account deletion, roles', () => {
  let t: TestApp;
  const db = () => t.app.get(DataSource);
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('logs out: the same token is then refused, a new login works', async () => {
    const u = await registerUser(t);
    await t.http().get(`${API}/profile`).set(bearer(u)).expect(200);
    await t.http().post(`${API}/logout`).set(bearer(u)).expect(200);
    const res = await t.http().get(`${API}/profile`).set(bearer(u)).expect(401);
    expect(res.body).toMatchObject({ success: false, statusCode: 401, error: 'Please login again' });
    const again = await t.http().post(`${API}/login`).send({ email: u.email, password: u.password }).expect(200);
    await t.http().get(`${API}/profile`).set(bearer(again.body)).expect(200);
  });

  it('refuses a tampered, alg:none, foreign-secret, expired or missing token', async () => {
    const u = await registerUser(t);
    const [h, p, s] = u.token.split('.');
    const claims = decode(u.token);
    const tampered = `${h}.${b64({ ...claims, role: 'SUPPORT' })}.${s}`;
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${p}.`;
    const foreign = hs256(claims, 'another-secret-another-secret-123');
    const expired = hs256({ ...claims, iat: claims.iat - 7200, exp: Math.floor(Date.now() / 1000) - 60 }, t.config.jwtSecret);
    for (const token of [tampered, none, foreign, expired, 'not-a-jwt']) {
      const res = await t.http().get(`${API}/profile`).set('Authorization', `Bearer ${token}`);
      expect(res.status).toBe(401);
    }
    await t.http().get(`${API}/profile`).expect(401);
    // The genuine token still works, so the refusals above were about the token.
    await t.http().get(`${API}/profile`).set(bearer(u)).expect(200);
  });

  it('refuses a wrong password, an unknown email and a deleted or Google-only account with one message', async () => {
    const u = await registerUser(t);
    const googleOnly = `${randomUUID()}@test.local`;
    await db().query(`INSERT INTO users (email, full_name, google_sub, is_email_verified) VALUES ($1, 'G', $2, true)`, [googleOnly, randomUUID()]);
    for (const body of [
      { email: u.email, password: 'wrong-password' },
      { email: `${randomUUID()}@test.local`, password: u.password },
      { email: googleOnly, password: 'anything-at-all' },
    ]) {
      const res = await t.http().post(`${API}/login`).send(body).expect(401);
      expect(res.body.error).toBe('Invalid email or password');
    }
  });

  it('changes the password: current one checked, other sessions end, a fresh token comes back', async () => {
    const u = await registerUser(t);
    const wrong = await t
      .http()
      .post(`${API}/change-password`)
      .set(bearer(u))
      .send({ currentPassword: 'not-it-at-all', newPassword: 'brand-new-pass' })
      .expect(400);
    expect(wrong.body.error).toBe('Current password is incorrect');
    const short = await t.http().post(`${API}/change-password`).set(bearer(u)).send({ currentPassword: u.password, newPassword: 'short' }).expect(400);
    expect(short.body.error).toBe('New password must be at least 8 characters long');
    const mismatch = await t
      .http()
      .post(`${API}/change-password`)
      .set(bearer(u))
      .send({ currentPassword: u.password, newPassword: 'brand-new-pass', confirmPassword: 'other-pass-x' })
      .expect(400);
    expect(mismatch.body.error).toBe('Passwords do not match');
    await t.http().post(`${API}/login`).send({ email: u.email, password: u.password }).expect(200);

    const ok = await t.http().post(`${API}/change-password`).set(bearer(u)).send({ currentPassword: u.password, newPassword: 'brand-new-pass' }).expect(200);
    expect(ok.body).toMatchObject({ success: true, token: expect.any(String) });
    await t.http().get(`${API}/profile`).set(bearer(u)).expect(401);
    await t.http().get(`${API}/profile`).set(bearer(ok.body)).expect(200);
    await t.http().post(`${API}/login`).send({ email: u.email, password: u.password }).expect(401);
    await t.http().post(`${API}/login`).send({ email: u.email, password: 'brand-new-pass' }).expect(200);
  });

  it('deletes an account with no money and nothing pending: data anonymised, sessions and login end', async () => {
    const u = await verifiedUser(t);
    await t.http().put(`${API}/profile`).set(bearer(u)).send({ phoneNumber: '9876543210', city: 'Pune', occupation: 'student' }).expect(200);
    const res = await t.http().delete(`${API}/account`).set(bearer(u)).expect(200);
    expect(res.body).toEqual({ success: true, message: 'Your account has been deleted.' });
    const [row] = await db().query('SELECT * FROM users WHERE id = $1', [u.userId]);
    expect(row).toMatchObject({
      email: `deleted-${u.userId}@deleted.invalid`,
      full_name: 'Deleted user',
      phone_number: null,
      city: null,
      occupation: null,
      password_hash: null,
      google_sub: null,
    });
    expect(row.deleted_at).not.toBeNull();
    await t.http().get(`${API}/profile`).set(bearer(u)).expect(401);
    const login = await t.http().post(`${API}/login`).send({ email: u.email, password: u.password }).expect(401);
    expect(login.body.error).toBe('Invalid email or password');
    // The email is free again.
    await registerUser(t, { email: u.email });
  });

  it('refuses to delete an account while the wallet holds money (ledger history kept)', async () => {
    const u = await verifiedUser(t);
    await fund(t, u.userId, 12_345n);
    const res = await t.http().delete(`${API}/account`).set(bearer(u)).expect(400);
    expect(res.body.error).toMatch(/withdraw your balance/i);
    expect(res.body.error).toContain('123.45');
    const profile = await t.http().get(`${API}/profile`).set(bearer(u)).expect(200);
    expect(profile.body.data.balance).toBe(123.45);
  });

  it('refuses to delete an account while a challenge is pending', async () => {
    const u = await verifiedUser(t);
    await makeAdult(t, u);
    await fund(t, u.userId, 6_000n);
    const tomorrow = addDays(zonedParts(t.clock.now(), t.config.appTimezone).date, 1);
    const created = await t.http().post('/api/v1/challenges').set(bearer(u)).send({ challengeDate: tomorrow, wakeUpTime: '06:00', forfeitAmount: 60 });
    expect(created.status).toBe(201);
    const profile = await t.http().get(`${API}/profile`).set(bearer(u)).expect(200);
    expect(profile.body.data.balance).toBe(0);
    const res = await t.http().delete(`${API}/account`).set(bearer(u)).expect(400);
    expect(res.body.error).toMatch(/challenge that is not settled/);
    const [row] = await db().query('SELECT deleted_at FROM users WHERE id = $1', [u.userId]);
    expect(row.deleted_at).toBeNull();
  });

  describe('grant-role command', () => {
    let out: string[];
    let err: string[];
    beforeEach(() => {
      out = [];
      err = [];
      jest.spyOn(process.stdout, 'write').mockImplementation((s) => (out.push(String(s)), true));
      jest.spyOn(process.stderr, 'write').mockImplementation((s) => (err.push(String(s)), true));
    });
    afterEach(() => jest.restoreAllMocks());

    it('is registered in the CLI and puts SUPPORT into tokens from the next login', async () => {
      expect(CLI_COMMANDS.find((c) => c.name === 'grant-role')).toBe(grantRoleCommand);
      const u = await registerUser(t);
      expect(await grantRoleCommand.run(t.app, [u.email.toUpperCase(), 'SUPPORT'])).toBe(0);
      expect(out.join('')).toContain('SUPPORT');
      expect(decode(u.token).role).toBe('USER');
      const login = await t.http().post(`${API}/login`).send({ email: u.email, password: u.password }).expect(200);
      expect(login.body.role).toBe('SUPPORT');
      expect(decode(login.body.token).role).toBe('SUPPORT');
      const profile = await t.http().get(`${API}/profile`).set(bearer(login.body)).expect(200);
      expect(profile.body.data.role).toBe('SUPPORT');
    });

    it('exits 1 with a clear line for an unknown email, and 2 for a bad role', async () => {
      expect(await grantRoleCommand.run(t.app, ['nobody@nowhere.test', 'SUPPORT'])).toBe(1);
      expect(err.join('')).toBe('No user with email nobody@nowhere.test\n');
      const u = await registerUser(t);
      expect(await grantRoleCommand.run(t.app, [u.email, 'ADMIN'])).toBe(2);
      expect((await db().query('SELECT role FROM users WHERE id = $1', [u.userId]))[0].role).toBe('USER');
    });
  });
});

describe('identity: queries for other modules', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('GetUserQuery answers a summary, or null for an unknown or malformed id', async () => {
    const { QueryBus } = await import('@nestjs/cqrs');
    const { GetUserQuery } = await import('../../src/modules/identity/queries/get-user/get-user.query.js');
    const bus = t.app.get(QueryBus);
    const u = await registerUser(t, { fullName: 'Query Person' });
    expect(await bus.execute(new GetUserQuery(u.userId))).toMatchObject({
      id: u.userId,
      email: u.email,
      fullName: 'Query Person',
      isEmailVerified: false,
      role: 'USER',
      deleted: false,
    });
    expect(await bus.execute(new GetUserQuery(randomUUID()))).toBeNull();
    expect(await bus.execute(new GetUserQuery('not-a-uuid'))).toBeNull();
  });

  it('FindUsersQuery finds by partial email or name, by phone and by id', async () => {
    const { QueryBus } = await import('@nestjs/cqrs');
    const { FindUsersQuery } = await import('../../src/modules/identity/queries/find-users/find-users.query.js');
    const bus = t.app.get(QueryBus);
    const tag = randomUUID().slice(0, 8);
    const u = await registerUser(t, { fullName: `Zed ${tag} Person`, email: `${tag}-x@test.local` });
    const phone = `9${String(Date.now()).slice(-9)}`;
    await t.http().put(`${API}/profile`).set(bearer(u)).send({ phoneNumber: phone }).expect(200);
    const ids = async (s: string) => ((await bus.execute(new FindUsersQuery(s))) as { id: string }[]).map((r) => r.id);
    expect(await ids(tag.toUpperCase())).toEqual([u.userId]);
    expect(await ids(`${tag}-X@TEST`)).toEqual([u.userId]);
    expect(await ids(`+91 ${phone}`)).toContain(u.userId);
    expect(await ids(u.userId)).toEqual([u.userId]);
    expect(await ids('%')).not.toContain(u.userId);
    expect(await ids('   ')).toEqual([]);
  });
});
