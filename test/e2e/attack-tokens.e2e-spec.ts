import { createHmac, createSign, generateKeyPairSync, randomUUID } from 'node:crypto';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { collectRoutes, countRows, errorShapeProblem, fillPath, label, Route } from '../setup/routes.js';
import { registerUser, supportUser, TestUser } from '../factories/users.js';

/**
 * Attack: every route that is not public, tried with no token and with every kind of bad token
 * (expired, tampered, alg none, other keys, revoked) → 401 in the error shape, and nothing written.
 * SUPPORT-only routes as a USER → 403; test-mode routes without TEST_MODE → 404.
 */
const SECRET = 'test-secret-test-secret-test-secret';
const b64 = (x: unknown) => Buffer.from(typeof x === 'string' ? x : JSON.stringify(x)).toString('base64url');
const hs256 = (payload: object, secret = SECRET, header: object = { alg: 'HS256', typ: 'JWT' }) => {
  const head = `${b64(header)}.${b64(payload)}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
};
const decode = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;

function requestFor(t: TestApp, route: Route, headers: Record<string, string>) {
  const req = (t.http() as unknown as Record<string, (url: string) => import('supertest').Test>)[route.method.toLowerCase()](fillPath(route));
  for (const [k, v] of Object.entries(headers)) req.set(k, v);
  return route.method === 'GET' || route.method === 'DELETE' ? req : req.send({});
}

describe('attack: tokens over every non-public route', () => {
  let t: TestApp;
  let routes: Route[];
  let user: TestUser;
  let victim: TestUser;
  const badTokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    routes = collectRoutes(t).filter((r) => r.kind !== 'public');
    user = await registerUser(t);
    victim = await registerUser(t);
    const now = Math.floor(Date.now() / 1000);
    const claims = { sub: user.userId, email: user.email, role: 'USER', jti: randomUUID(), iat: now, exp: now + 3600, iatMs: Date.now() };

    badTokens.expired = hs256({ ...claims, iat: now - 7200, exp: now - 60 });
    // The real token with its payload changed (another user's id, a SUPPORT role) and the original signature kept.
    const [h, , s] = user.token.split('.');
    badTokens['tampered sub'] = `${h}.${b64({ ...decode(user.token), sub: victim.userId })}.${s}`;
    badTokens['tampered role'] = `${h}.${b64({ ...decode(user.token), role: 'SUPPORT' })}.${s}`;
    const mid = Math.floor(s.length / 2);
    badTokens['flipped signature char'] = `${h}.${user.token.split('.')[1]}.${s.slice(0, mid)}${s[mid] === 'A' ? 'B' : 'A'}${s.slice(mid + 1)}`;
    badTokens['alg none'] = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
    badTokens['alg None, signature kept'] = `${b64({ alg: 'None', typ: 'JWT' })}.${b64(claims)}.${s}`;
    badTokens['HS256 other secret'] = hs256(claims, 'another-secret-another-secret-another');
    badTokens['HS512 right secret'] = (() => {
      const head = `${b64({ alg: 'HS512', typ: 'JWT' })}.${b64(claims)}`;
      return `${head}.${createHmac('sha512', SECRET).update(head).digest('base64url')}`;
    })();
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const rsHead = `${b64({ alg: 'RS256', typ: 'JWT' })}.${b64(claims)}`;
    badTokens['RS256 random key'] = `${rsHead}.${createSign('RSA-SHA256').update(rsHead).sign(privateKey).toString('base64url')}`;
    badTokens['garbage'] = 'not.a.jwt';
    badTokens['empty payload'] = hs256({});
    badTokens['no jti'] = hs256({ sub: user.userId, email: user.email, role: 'USER', iat: now, exp: now + 3600 });
    // Revoked: a fresh session, logged out.
    const login = await t.http().post('/api/v1/auth/login').send({ email: user.email, password: user.password }).expect(200);
    await t.http().post('/api/v1/auth/logout').set('Authorization', `Bearer ${login.body.token}`).expect(200);
    badTokens.revoked = login.body.token;
  });
  afterAll(() => t.close());

  it('discovers the routes (so later routes are covered too)', () => {
    expect(routes.length).toBeGreaterThan(25);
    expect(routes.map(label)).toEqual(expect.arrayContaining(['GET /api/v1/wallet/balance', 'POST /api/v1/challenges', 'GET /api/v1/support/settlements']));
  });

  it('answers 401 in the error shape without a token, with a non-Bearer scheme and with every bad token, and writes nothing', async () => {
    const before = await countRows(t);
    const problems: string[] = [];
    const variants: [string, Record<string, string>][] = [
      ['no token', {}],
      ['Basic scheme', { Authorization: `Basic ${Buffer.from(`${user.email}:${user.password}`).toString('base64')}` }],
      ['token without scheme', { Authorization: user.token }],
      ['token in a cookie', { Cookie: `token=${user.token}` }],
      ...Object.entries(badTokens).map(([k, v]) => [k, { Authorization: `Bearer ${v}` }] as [string, Record<string, string>]),
    ];
    let tried = 0;
    for (const route of routes) {
      const answers = await Promise.all(variants.map(([, headers]) => requestFor(t, route, headers)));
      for (const [i, [name]] of variants.entries()) {
        const res = answers[i];
        tried++;
        if (res.status !== 401) problems.push(`${label(route)} with ${name}: ${res.status} ${res.text.slice(0, 120)}`);
        else {
          const p = errorShapeProblem(401, res.body, res.text);
          if (p) problems.push(`${label(route)} with ${name}: ${p}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(tried).toBe(routes.length * variants.length);
    expect(await countRows(t)).toEqual(before);
    // The real token still works, and the victim's account was never touched.
    await t.http().get('/api/v1/auth/profile').set('Authorization', `Bearer ${user.token}`).expect(200);
    await t.http().get('/api/v1/auth/profile').set('Authorization', `Bearer ${victim.token}`).expect(200);
  });

  it('answers 403 "Access denied" to a USER on every SUPPORT route, and lets SUPPORT in', async () => {
    const support = routes.filter((r) => r.kind === 'support');
    expect(support.length).toBeGreaterThan(0);
    const staff = await supportUser(t);
    const before = await countRows(t);
    for (const route of support) {
      const res = await requestFor(t, route, { Authorization: `Bearer ${user.token}` });
      expect({ route: label(route), status: res.status }).toEqual({ route: label(route), status: 403 });
      expect(errorShapeProblem(403, res.body, res.text)).toBeNull();
    }
    expect(await countRows(t)).toEqual(before);
    const problems: string[] = [];
    for (const route of support.filter((r) => r.method === 'GET')) {
      const res = await requestFor(t, route, { Authorization: `Bearer ${staff.token}` });
      if ([401, 403].includes(res.status) || res.status >= 500) problems.push(`${label(route)} as SUPPORT: ${res.status} ${res.text.slice(0, 200)}`);
    }
    expect(problems).toEqual([]);
  });

  it('a reset ends earlier sessions: the old token is refused everywhere', async () => {
    const u = await registerUser(t);
    const { TokenService } = await import('../../src/common/auth/token.service.js');
    // Revoke-all as a reset does, a millisecond after the token was issued.
    await new Promise((r) => setTimeout(r, 2));
    await t.app.get(TokenService).revokeAllForUser(u.userId);
    for (const route of routes.filter((r) => r.kind === 'user' && r.method === 'GET')) {
      const res = await requestFor(t, route, { Authorization: `Bearer ${u.token}` });
      expect({ route: label(route), status: res.status }).toEqual({ route: label(route), status: 401 });
    }
  });
});

describe('attack: test-mode routes without TEST_MODE', () => {
  it('answer 404 to everyone, signed in or not, and write nothing', async () => {
    const t = await createTestApp({ env: { TEST_MODE: 'false' } });
    try {
      const testRoutes = collectRoutes(t).filter((r) => r.kind === 'test-mode');
      const u = await registerUser(t);
      const before = await countRows(t);
      for (const route of testRoutes) {
        for (const headers of [{}, { Authorization: `Bearer ${u.token}` }] as Record<string, string>[]) {
          const res = await requestFor(t, route, headers).send({ forfeitAmount: 25 });
          expect({ route: label(route), status: res.status }).toEqual({ route: label(route), status: 404 });
          expect(errorShapeProblem(404, res.body, res.text)).toBeNull();
        }
      }
      expect(await countRows(t)).toEqual(before);
    } finally {
      await t.close();
    }
  });
});
