import { createSign, generateKeyPairSync, randomUUID } from 'node:crypto';
import { OAuth2Client } from 'google-auth-library';
import { DataSource } from 'typeorm';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { bearer, registerUser } from '../factories/users.js';
import { GOOGLE_OAUTH_CLIENT } from '../../src/modules/identity/infrastructure/google-token-verifier.js';

const API = '/api/v1/auth';
const CLIENT_ID = 'wakestake-test.apps.googleusercontent.com';
const KID = 'test-key-1';
const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const other = generateKeyPairSync('rsa', { modulusLength: 2048 });

/** Google's certificate hook answered with our own key: no network. */
class TestGoogleClient extends OAuth2Client {
  override async getFederatedSignonCertsAsync() {
    return { certs: { [KID]: publicKey.export({ type: 'spki', format: 'pem' }).toString() }, format: 'PEM' } as never;
  }
}

function idToken(claims: Record<string, unknown>, key = privateKey): string {
  const now = Math.floor(Date.now() / 1000);
  const head = `${b64({ alg: 'RS256', kid: KID, typ: 'JWT' })}.${b64({ iss: 'https://accounts.google.com', aud: CLIENT_ID, iat: now, exp: now + 600, email_verified: true, ...claims })}`;
  return `${head}.${createSign('RSA-SHA256').update(head).sign(key).toString('base64url')}`;
}

describe('identity: Google sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { GOOGLE_CLIENT_ID: CLIENT_ID },
      override: (b) => b.overrideProvider(GOOGLE_OAUTH_CLIENT).useValue(new TestGoogleClient()),
    });
  });
  afterAll(() => t.close());

  it('creates a new user with a verified email from a token signed by Google’s key', async () => {
    const email = `${randomUUID()}@gmail.test`;
    const sub = String(Date.now()) + Math.floor(Math.random() * 1e6);
    const res = await t
      .http()
      .post(`${API}/google`)
      .send({ idToken: idToken({ sub, email, name: 'Meera Iyer', picture: 'https://lh3.googleusercontent.com/p.jpg' }) })
      .expect(200);
    expect(res.body).toMatchObject({
      success: true,
      email,
      fullName: 'Meera Iyer',
      isEmailVerified: true,
      profilePictureUrl: 'https://lh3.googleusercontent.com/p.jpg',
      balance: 0,
      currentStreak: 0,
      longestStreak: 0,
      totalChallenges: 0,
      totalEarnings: 0,
      totalLosses: 0,
      role: 'USER',
    });
    await t.http().get(`${API}/profile`).set(bearer(res.body)).expect(200);
    // Same Google account again: same user.
    const again = await t
      .http()
      .post(`${API}/google`)
      .send({ idToken: idToken({ sub, email }) })
      .expect(200);
    expect(again.body.userId).toBe(res.body.userId);
  });

  it('links an existing email account to Google and verifies its email', async () => {
    const u = await registerUser(t);
    const sub = `sub-${randomUUID()}`;
    const res = await t
      .http()
      .post(`${API}/google`)
      .send({ idToken: idToken({ sub, email: u.email.toUpperCase() }) })
      .expect(200);
    expect(res.body).toMatchObject({ userId: u.userId, isEmailVerified: true });
    const [row] = await t.app.get(DataSource).query('SELECT google_sub FROM users WHERE id = $1', [u.userId]);
    expect(row.google_sub).toBe(sub);
    // The password still works too.
    await t.http().post(`${API}/login`).send({ email: u.email, password: u.password }).expect(200);
  });

  it('refuses a wrong audience, a wrong issuer, an expired token, another key and an unverified email; stores nothing', async () => {
    const count = async () => (await t.app.get(DataSource).query('SELECT count(*)::int AS n FROM users'))[0].n;
    const before = await count();
    const email = `${randomUUID()}@gmail.test`;
    const past = Math.floor(Date.now() / 1000) - 3600;
    const bad = [
      idToken({ sub: 's1', email, aud: 'someone-else.apps.googleusercontent.com' }),
      idToken({ sub: 's2', email, iss: 'https://evil.example' }),
      idToken({ sub: 's3', email, iat: past - 600, exp: past }),
      idToken({ sub: 's4', email }, other.privateKey),
      'not.a.token',
    ];
    for (const tok of bad) {
      const res = await t.http().post(`${API}/google`).send({ idToken: tok }).expect(401);
      expect(res.body.error).toMatch(/Google sign-in failed/);
    }
    const unverified = await t
      .http()
      .post(`${API}/google`)
      .send({ idToken: idToken({ sub: 's5', email, email_verified: false }) })
      .expect(400);
    expect(unverified.body.error).toBe('Your Google account email is not verified');
    const missing = await t.http().post(`${API}/google`).send({}).expect(400);
    expect(missing.body.error).toBe('Google ID token is required');
    expect(await count()).toBe(before);
  });
});

describe('identity: Google sign-in without GOOGLE_CLIENT_ID', () => {
  it('answers 400 "Google sign-in is not configured"', async () => {
    const t = await createTestApp({ env: { GOOGLE_CLIENT_ID: '' } });
    try {
      const res = await t.http().post(`${API}/google`).send({ idToken: 'x.y.z' }).expect(400);
      expect(res.body.error).toBe('Google sign-in is not configured');
    } finally {
      await t.close();
    }
  });
});
