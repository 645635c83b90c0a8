import { createHash, generateKeyPairSync, randomBytes, randomUUID, sign, type KeyObject } from 'node:crypto';
import { DataSource } from 'typeorm';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { bearer, registerUser, type TestUser } from '../factories/users.js';

const API = '/api/v1/auth/passkeys';
const b64url = (b: Buffer | string) => Buffer.from(b).toString('base64url');

/**
 * A software authenticator for the sign-in half: a P-256 key whose COSE public key is stored as a passkey row
 * directly (registration is verified in the browser test with Chromium's own authenticator), and assertions signed
 * exactly as WebAuthn signs them: authenticatorData (rpIdHash, flags UP|UV, counter) || SHA-256(clientDataJSON).
 */
class SoftPasskey {
  readonly credentialId = b64url(randomBytes(32));
  private readonly key: KeyObject;
  readonly cose: Buffer;
  counter = 0;
  constructor() {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.key = privateKey;
    const jwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
    // CBOR map {1: 2 (EC2), 3: -7 (ES256), -1: 1 (P-256), -2: x, -3: y}
    this.cose = Buffer.concat([
      Buffer.from([0xa5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21, 0x58, 0x20]),
      Buffer.from(jwk.x, 'base64url'),
      Buffer.from([0x22, 0x58, 0x20]),
      Buffer.from(jwk.y, 'base64url'),
    ]);
  }

  async storeFor(t: TestApp, userId: string, counter = 0): Promise<string> {
    const id = randomUUID();
    await t.app
      .get(DataSource)
      .query(
        `INSERT INTO passkeys (id, user_id, credential_id, public_key, counter, transports, created_at) VALUES ($1, $2, $3, $4, $5, '{internal}', now())`,
        [id, userId, this.credentialId, this.cose, counter],
      );
    return id;
  }

  assertion(challenge: string, opts: { origin: string; rpID: string; userId?: string; counter?: number; credentialId?: string }) {
    this.counter = opts.counter ?? this.counter + 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    const authData = Buffer.concat([createHash('sha256').update(opts.rpID).digest(), Buffer.from([0x05]), counter]);
    const clientData = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge, origin: opts.origin, crossOrigin: false }));
    const signature = sign('sha256', Buffer.concat([authData, createHash('sha256').update(clientData).digest()]), this.key);
    const id = opts.credentialId ?? this.credentialId;
    return {
      id,
      rawId: id,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(opts.userId ? { userHandle: b64url(opts.userId) } : {}),
      },
    };
  }
}

describe('identity: passkeys', () => {
  let t: TestApp;
  let origin: string;
  let rpID: string;
  beforeAll(async () => {
    t = await createTestApp();
    origin = new URL(t.config.appUrl).origin;
    rpID = new URL(t.config.appUrl).hostname;
  });
  afterAll(() => t.close());

  const loginChallenge = async (body: object = {}) => {
    const res = await t.http().post(`${API}/login-options`).send(body).expect(200);
    return res.body.data as { challenge: string; rpId: string; allowCredentials?: { id: string }[]; userVerification: string };
  };
  const withPasskey = async (): Promise<{ u: TestUser; key: SoftPasskey; rowId: string }> => {
    const u = await registerUser(t, { fullName: 'Pia Passkey' });
    const key = new SoftPasskey();
    return { u, key, rowId: await key.storeFor(t, u.userId) };
  };

  it('signs in with a registered passkey and answers as a password sign-in does; the counter moves and last use is kept', async () => {
    const { u, key, rowId } = await withPasskey();
    const options = await loginChallenge();
    expect(options).toMatchObject({ rpId: rpID, userVerification: 'required' });
    expect(options.allowCredentials ?? []).toEqual([]); // no email: any passkey of the site may answer
    const res = await t
      .http()
      .post(`${API}/login`)
      .send({ credential: key.assertion(options.challenge, { origin, rpID, userId: u.userId }) });
    expect([res.status, res.body.error]).toEqual([200, undefined]);
    const password = await t.http().post('/api/v1/auth/login').send({ email: u.email, password: u.password }).expect(200);
    expect(Object.keys(res.body).sort()).toEqual(Object.keys(password.body).sort());
    expect(res.body).toMatchObject({ success: true, userId: u.userId, email: u.email });
    await t.http().get('/api/v1/auth/profile').set(bearer(res.body)).expect(200);
    const listed = await t.http().get(API).set(bearer(u)).expect(200);
    expect(listed.body.data.passkeys).toEqual([{ id: rowId, createdAt: expect.any(String), lastUsedAt: expect.any(String), transports: ['internal'] }]);
    const [row] = await t.app.get(DataSource).query(`SELECT counter FROM passkeys WHERE id = $1`, [rowId]);
    expect(Number(row.counter)).toBe(1);
  });

  it('names the account’s passkeys when an email is given, and answers an unknown email like one without passkeys', async () => {
    const { u, key } = await withPasskey();
    expect((await loginChallenge({ email: u.email.toUpperCase() })).allowCredentials?.map((c) => c.id)).toEqual([key.credentialId]);
    expect((await loginChallenge({ email: `${randomUUID()}@test.local` })).allowCredentials ?? []).toEqual([]);
    const bad = await t.http().post(`${API}/login-options`).send({ email: 'not an email' }).expect(400);
    expect(bad.body).toMatchObject({ success: false, statusCode: 400, error: 'Please enter a valid email address' });
  });

  it('refuses a challenge it never issued, an expired or used one, and a login challenge reused: 401, nothing signed in', async () => {
    const { u, key } = await withPasskey();
    const made = await t
      .http()
      .post(`${API}/login`)
      .send({ credential: key.assertion(b64url(randomBytes(32)), { origin, rpID }) });
    expect([made.status, made.body.error]).toEqual([401, 'This passkey request has expired or was already used. Please try again.']);
    const { challenge } = await loginChallenge();
    await t
      .http()
      .post(`${API}/login`)
      .send({ credential: key.assertion(challenge, { origin, rpID, userId: u.userId }) })
      .expect(200);
    const replay = await t
      .http()
      .post(`${API}/login`)
      .send({ credential: key.assertion(challenge, { origin, rpID, userId: u.userId }) });
    expect([replay.status, replay.body.error]).toEqual([401, 'This passkey request has expired or was already used. Please try again.']);
    // a registration challenge does not sign anyone in
    const reg = await t.http().post(`${API}/registration-options`).set(bearer(u)).expect(200);
    const cross = await t
      .http()
      .post(`${API}/login`)
      .send({ credential: key.assertion(reg.body.data.challenge, { origin, rpID }) });
    expect(cross.status).toBe(401);
  });

  it('refuses an unknown credential, a wrong signature, another site’s origin and a counter that did not move forward: 401', async () => {
    const { u, key, rowId } = await withPasskey();
    const stranger = new SoftPasskey();
    const unknown = await t
      .http()
      .post(`${API}/login`)
      .send({ credential: stranger.assertion((await loginChallenge()).challenge, { origin, rpID }) });
    expect([unknown.status, unknown.body.error]).toEqual([401, "This passkey isn't registered with WakeStake. Sign in with your email and password."]);
    // the stranger's key signing for this passkey's id
    const forged = await t
      .http()
      .post(`${API}/login`)
      .send({ credential: stranger.assertion((await loginChallenge()).challenge, { origin, rpID, credentialId: key.credentialId }) });
    expect([forged.status, forged.body.error]).toEqual([401, "We couldn't verify this passkey. Please try again, or sign in with your email and password."]);
    const phishing = await t
      .http()
      .post(`${API}/login`)
      .send({ credential: key.assertion((await loginChallenge()).challenge, { origin: 'https://wakestake.example.evil', rpID }) });
    expect(phishing.status).toBe(401);
    await t.app.get(DataSource).query(`UPDATE passkeys SET counter = 7 WHERE id = $1`, [rowId]);
    const cloned = await t
      .http()
      .post(`${API}/login`)
      .send({ credential: key.assertion((await loginChallenge()).challenge, { origin, rpID, userId: u.userId, counter: 7 }) });
    expect(cloned.status).toBe(401);
    const ok = await t
      .http()
      .post(`${API}/login`)
      .send({ credential: key.assertion((await loginChallenge()).challenge, { origin, rpID, userId: u.userId, counter: 8 }) });
    expect(ok.status).toBe(200);
  });

  it('refuses a passkey of a closed account', async () => {
    const { u, key } = await withPasskey();
    await t.http().delete('/api/v1/auth/account').set(bearer(u)).expect(200);
    const res = await t
      .http()
      .post(`${API}/login`)
      .send({ credential: key.assertion((await loginChallenge()).challenge, { origin, rpID, userId: u.userId }) });
    expect(res.status).toBe(401);
    expect(res.body.token).toBeUndefined();
  });

  it('answers a missing or unreadable answer with a 400 that says so, never a 500', async () => {
    for (const body of [
      {},
      { credential: 'x' },
      { credential: { id: 'abc' } },
      { credential: { id: 'abcdefghijklmnopqrstuvwxyz', response: {} } },
      { credential: { id: 'abcdefghijklmnopqrstuvwxyz', response: { clientDataJSON: '!!!' } } },
    ]) {
      const res = await t.http().post(`${API}/login`).send(body);
      expect([JSON.stringify(body), res.status, res.body.success]).toEqual([JSON.stringify(body), 400, false]);
      expect(res.body.error).toMatch(/passkey answer/);
    }
  });

  it('keeps adding, listing and removing passkeys for signed-in users only; a registration answer must match its challenge', async () => {
    for (const [method, path] of [
      ['post', `${API}/registration-options`],
      ['post', `${API}/register`],
      ['get', API],
      ['delete', `${API}/${randomUUID()}`],
    ] as const) {
      const res = await t.http()[method](path).send({});
      expect([path, res.status]).toEqual([path, 401]);
    }
    const { u, rowId } = await withPasskey();
    const options = await t.http().post(`${API}/registration-options`).set(bearer(u)).expect(200);
    expect(options.body.data).toMatchObject({
      rp: { id: rpID, name: 'WakeStake' },
      user: { name: u.email },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    expect(options.body.data.excludeCredentials).toHaveLength(1);
    // an answer to a challenge never issued, and one issued to somebody else
    const fake = {
      id: 'abcdefghijklmnopqrstuvwxyz',
      rawId: 'abcdefghijklmnopqrstuvwxyz',
      type: 'public-key',
      response: { clientDataJSON: b64url(JSON.stringify({ type: 'webauthn.create', challenge: b64url(randomBytes(32)), origin })), attestationObject: 'AA' },
    };
    const never = await t.http().post(`${API}/register`).set(bearer(u)).send({ credential: fake });
    expect([never.status, never.body.error]).toEqual([400, 'Adding this passkey took too long or was already done. Please try again.']);
    const other = await registerUser(t);
    const theirs = {
      ...fake,
      response: { ...fake.response, clientDataJSON: b64url(JSON.stringify({ type: 'webauthn.create', challenge: options.body.data.challenge, origin })) },
    };
    expect((await t.http().post(`${API}/register`).set(bearer(other)).send({ credential: theirs })).status).toBe(400);
    // a garbled attestation to a real challenge: refused, not a 500
    const again = await t.http().post(`${API}/registration-options`).set(bearer(u)).expect(200);
    const garbled = {
      ...fake,
      response: { ...fake.response, clientDataJSON: b64url(JSON.stringify({ type: 'webauthn.create', challenge: again.body.data.challenge, origin })) },
    };
    const refused = await t.http().post(`${API}/register`).set(bearer(u)).send({ credential: garbled });
    expect([refused.status, refused.body.error]).toEqual([400, "We couldn't add this passkey. Please try again."]);

    // removing: someone else's passkey is not found; the owner's goes
    expect((await t.http().delete(`${API}/${rowId}`).set(bearer(other))).status).toBe(404);
    expect((await t.http().delete(`${API}/not-a-uuid`).set(bearer(u))).status).toBe(404);
    await t.http().delete(`${API}/${rowId}`).set(bearer(u)).expect(200);
    expect((await t.http().get(API).set(bearer(u)).expect(200)).body.data.passkeys).toEqual([]);
  });

  it('keeps challenges in Redis under the app prefix, for a few minutes', async () => {
    const { challenge } = await loginChallenge();
    const { RedisService } = await import('../../src/common/redis.module.js');
    const redis = t.app.get(RedisService).client;
    const key = `${t.config.redisPrefix}:passkey:challenge:${challenge}`;
    const ttl = await redis.ttl(key);
    expect(ttl).toBeGreaterThan(60);
    expect(ttl).toBeLessThanOrEqual(300);
  });
});
