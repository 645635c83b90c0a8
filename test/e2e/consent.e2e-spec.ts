import { createSign, generateKeyPairSync, randomUUID } from 'node:crypto';
import { OAuth2Client } from 'google-auth-library';
import { DataSource } from 'typeorm';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { TERMS_VERSION } from '../../src/config/terms.js';
import { GOOGLE_OAUTH_CLIENT } from '../../src/modules/identity/infrastructure/google-token-verifier.js';

const CLIENT_ID = 'wakestake-consent.apps.googleusercontent.com';
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
/** Google's certificate hook answered with our own key: no network. */
class TestGoogleClient extends OAuth2Client {
  override async getFederatedSignonCertsAsync() {
    return { certs: { k1: publicKey.export({ type: 'spki', format: 'pem' }).toString() }, format: 'PEM' } as never;
  }
}
function idToken(claims: Record<string, unknown>): string {
  const now = Math.floor(Date.now() / 1000);
  const head = `${b64({ alg: 'RS256', kid: 'k1', typ: 'JWT' })}.${b64({ iss: 'https://accounts.google.com', aud: CLIENT_ID, iat: now, exp: now + 600, email_verified: true, ...claims })}`;
  return `${head}.${createSign('RSA-SHA256').update(head).sign(privateKey).toString('base64url')}`;
}

const API = '/api/v1/auth';
const NOW = '2026-11-26T06:00:00.000Z';

describe('consent: the version of the terms each person accepted', () => {
  let t: TestApp;
  let ds: DataSource;
  const register = (extra: Record<string, unknown> = {}) =>
    t
      .http()
      .post(`${API}/register`)
      .send({ email: `${randomUUID()}@test.local`, password: 'correct-horse-battery', fullName: 'Asha Rao', ...extra });
  const consentRow = async (id: string) =>
    (
      (await ds.query(`SELECT terms_version, terms_accepted_at FROM users WHERE id = $1`, [id])) as {
        terms_version: string | null;
        terms_accepted_at: Date | null;
      }[]
    )[0];

  beforeAll(async () => {
    t = await createTestApp({
      env: { GRIEVANCE_OFFICER_NAME: 'Priya Menon', GRIEVANCE_OFFICER_EMAIL: 'grievance@wakestake.test', GOOGLE_CLIENT_ID: CLIENT_ID },
      override: (b) => b.overrideProvider(GOOGLE_OAUTH_CLIENT).useValue(new TestGoogleClient()),
    });
    ds = t.app.get(DataSource);
  });
  beforeEach(() => t.clock.set(NOW));
  afterAll(() => t.close());

  it('GET /config names the terms version in force and the grievance officer', async () => {
    const { data } = (await t.http().get('/api/v1/config').expect(200)).body;
    expect(data.termsVersion).toBe(TERMS_VERSION);
    expect(data.grievanceOfficer).toEqual({ name: 'Priya Menon', email: 'grievance@wakestake.test', phone: null, address: null, responseDays: 15 });
  });

  it('sign-up with the consent box records the version and the time', async () => {
    const res = await register({ termsVersion: TERMS_VERSION }).expect(201);
    expect(res.body).toMatchObject({ termsVersion: TERMS_VERSION, termsAcceptedAt: NOW, currentTermsVersion: TERMS_VERSION, mustAcceptTerms: false });
    expect(await consentRow(res.body.userId)).toEqual({ terms_version: TERMS_VERSION, terms_accepted_at: new Date(NOW) });
  });

  it('sign-up from an API client without the field still works, and the person is asked to accept on first use', async () => {
    const res = await register().expect(201);
    expect(res.body).toMatchObject({ termsVersion: null, termsAcceptedAt: null, mustAcceptTerms: true });
    const auth = { Authorization: `Bearer ${res.body.token}` };
    expect((await t.http().get(`${API}/profile`).set(auth).expect(200)).body.data.mustAcceptTerms).toBe(true);

    const accepted = await t.http().post(`${API}/accept-terms`).set(auth).send({ termsVersion: TERMS_VERSION }).expect(200);
    expect(accepted.body).toMatchObject({ success: true, data: { termsVersion: TERMS_VERSION, termsAcceptedAt: NOW, mustAcceptTerms: false } });
    // accepting the same version again keeps the first time
    t.clock.set('2026-11-27T06:00:00Z');
    await t.http().post(`${API}/accept-terms`).set(auth).send({ termsVersion: TERMS_VERSION }).expect(200);
    expect((await consentRow(res.body.userId)).terms_accepted_at).toEqual(new Date(NOW));
  });

  it('an account that accepted an older version is asked again, and records the new one', async () => {
    const res = await register({ termsVersion: TERMS_VERSION }).expect(201);
    await ds.query(`UPDATE users SET terms_version = '2025-01-01' WHERE id = $1`, [res.body.userId]);
    const auth = { Authorization: `Bearer ${res.body.token}` };
    expect((await t.http().get(`${API}/profile`).set(auth).expect(200)).body.data).toMatchObject({ termsVersion: '2025-01-01', mustAcceptTerms: true });
    t.clock.set('2026-12-01T06:00:00Z');
    await t.http().post(`${API}/accept-terms`).set(auth).send({ termsVersion: TERMS_VERSION }).expect(200);
    expect(await consentRow(res.body.userId)).toEqual({ terms_version: TERMS_VERSION, terms_accepted_at: new Date('2026-12-01T06:00:00Z') });
  });

  it('Google sign-up records consent when the box was ticked, and not otherwise', async () => {
    const google = (termsVersion?: string) =>
      t
        .http()
        .post(`${API}/google`)
        .send({ idToken: idToken({ sub: randomUUID(), email: `${randomUUID()}@gmail.test`, name: 'Kavya Nair' }), ...(termsVersion ? { termsVersion } : {}) });
    const ticked = await google(TERMS_VERSION).expect(200);
    expect(ticked.body).toMatchObject({ termsVersion: TERMS_VERSION, termsAcceptedAt: NOW, mustAcceptTerms: false });
    expect((await google().expect(200)).body).toMatchObject({ termsVersion: null, mustAcceptTerms: true });
    expect((await google('2020-01-01').expect(400)).body.error).toMatch(/^The Terms of use have changed/);
  });

  it('only the version in force can be accepted: a stale form is refused with a 400 and creates nobody', async () => {
    const email = `${randomUUID()}@test.local`;
    const stale = await register({ email, termsVersion: '2020-01-01' }).expect(400);
    expect(stale.body.error).toBe('The Terms of use have changed since this page was loaded: reload the page and accept the current version');
    expect(await ds.query(`SELECT id FROM users WHERE email = $1`, [email])).toEqual([]);
    expect((await register({ termsVersion: 7 }).expect(400)).body.error).toMatch(/^termsVersion must be the version of the terms you accepted/);

    const res = await register().expect(201);
    const auth = { Authorization: `Bearer ${res.body.token}` };
    await t.http().post(`${API}/accept-terms`).set(auth).send({ termsVersion: '2020-01-01' }).expect(400);
    await t.http().post(`${API}/accept-terms`).set(auth).send({}).expect(400);
    await t.http().post(`${API}/accept-terms`).send({ termsVersion: TERMS_VERSION }).expect(401);
    expect(await consentRow(res.body.userId)).toEqual({ terms_version: null, terms_accepted_at: null });
  });
});
