import { CommandBus } from '@nestjs/cqrs';
import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import { IncomingMessage } from 'node:http';
import { createServer, Server } from 'node:https';
import { DataSource } from 'typeorm';
// web-push's own dependency: the receiving side of RFC 8188 (what a browser does with the push message)
import ece from 'http_ece';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { createUser, TestUser } from '../factories/wallet.js';
import { SendDueRemindersCommand } from '../../src/modules/notifications/commands/send-due-reminders/send-due-reminders.command.js';
import { selfSignedPushCert, TEST_PUSH_HOST, testPushEnv, testPushOverrides } from '../setup/test-push-host.js';

/**
 * A local push service that answers as RFC 8030 says (201 Created; 410 Gone for a subscription that ended) and checks
 * what every push service checks: the VAPID JWT (RFC 8292, ES256 over the endpoint's origin) and the aes128gcm body.
 */
interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

function pushService(
  gonePaths: Set<string>,
  tls: { key: Buffer; cert: Buffer },
): Promise<{ server: Server; origin: string; port: number; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer(tls, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      if (gonePaths.has(req.url ?? '')) {
        res.writeHead(410).end();
        return;
      }
      res.writeHead(201, { Location: `/msg/${received.length}` }).end();
    });
  });
  return new Promise((ok) =>
    server.listen(0, '127.0.0.1', () =>
      ok({
        server,
        origin: `https://${TEST_PUSH_HOST}:${(server.address() as { port: number }).port}`,
        port: (server.address() as { port: number }).port,
        received,
      }),
    ),
  );
}

/** What a browser keeps for its subscription: a P-256 key pair and a 16-byte auth secret. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, json: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
}

function verifyVapid(header: string, origin: string, serverKey: string): Record<string, unknown> {
  const m = /^vapid t=([^,]+),\s*k=(.+)$/.exec(header);
  expect(m).not.toBeNull();
  const [, jwt, k] = m!;
  expect(k).toBe(serverKey);
  const [h, p, s] = jwt.split('.');
  const raw = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  expect(verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'))).toBe(true);
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as Record<string, unknown>;
  expect(claims.aud).toBe(origin);
  return claims;
}

describe('push reminders', () => {
  let t: TestApp;
  let ds: DataSource;
  let me: TestUser;
  let quiet: TestUser;
  let push: Awaited<ReturnType<typeof pushService>>;
  const gone = new Set<string>();

  beforeAll(async () => {
    const tls = selfSignedPushCert();
    push = await pushService(gone, tls);
    // The local push service is a push service host by configuration (PUSH_SERVICE_HOSTS), reached through loopback.
    t = await createTestApp({ env: testPushEnv(push.port), override: testPushOverrides(tls.cert) });
    ds = t.app.get(DataSource);
    me = await createUser(t);
    quiet = await createUser(t);
    await ds.query(`UPDATE users SET settings = '{"notifications":{"challengeReminders":false}}'::jsonb WHERE id = $1`, [quiet.id]);
  });
  afterAll(async () => {
    push.server.close();
    await t.close();
  });

  async function pendingChallenge(userId: string, date: string): Promise<string> {
    const [row] = (await ds.query(
      `INSERT INTO challenges (id, user_id, challenge_date, wake_up_time, stake, status, window_opens_at, window_closes_at, created_at)
       VALUES (gen_random_uuid(), $1, $2::date, '06:00', 4000, 'PENDING', ($2::text || 'T00:15:00Z')::timestamptz, ($2::text || 'T00:40:00Z')::timestamptz, now())
       RETURNING id`,
      [userId, date],
    )) as { id: string }[];
    return row.id;
  }
  const send = () => t.app.get(CommandBus).execute(new SendDueRemindersCommand());

  it('publishes the VAPID key, and keeps a subscription only with well-formed keys', async () => {
    const key = (await t.http().get('/api/v1/notifications/push/public-key').expect(200)).body.data.publicKey as string;
    expect(key).toBe(t.config.vapid!.publicKey);
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    const bad = await t
      .http()
      .post('/api/v1/notifications/push/subscriptions')
      .set(me.auth)
      .send({ endpoint: `${push.origin}/x`, keys: { p256dh: 'AAAA', auth: 'AAAA' } })
      .expect(400);
    expect(bad.body).toMatchObject({ success: false, statusCode: 400, error: 'keys.p256dh must be a base64url P-256 public key' });
    await t.http().post('/api/v1/notifications/push/subscriptions').set(me.auth).send({ endpoint: 'not a url', keys: browserKeys().json }).expect(400);
    const plain = await t
      .http()
      .post('/api/v1/notifications/push/subscriptions')
      .set(me.auth)
      .send({ endpoint: 'http://push.example/x', keys: browserKeys().json })
      .expect(400);
    expect(plain.body.error).toBe('endpoint must be an https push service address');
    await t
      .http()
      .post('/api/v1/notifications/push/subscriptions')
      .send({ endpoint: `${push.origin}/x`, keys: browserKeys().json })
      .expect(401);
  });

  it('delivers the evening-before, window-open and closing reminders once each, encrypted for the browser and signed by the server', async () => {
    const phone = browserKeys();
    await t
      .http()
      .post('/api/v1/notifications/push/subscriptions')
      .set(me.auth)
      .send({ endpoint: `${push.origin}/sub/phone`, keys: phone.json, expirationTime: null })
      .expect(201);
    const silent = browserKeys();
    await t
      .http()
      .post('/api/v1/notifications/push/subscriptions')
      .set(quiet.auth)
      .send({ endpoint: `${push.origin}/sub/quiet`, keys: silent.json })
      .expect(201);
    const challengeId = await pendingChallenge(me.id, '2032-04-02');
    await pendingChallenge(quiet.id, '2032-04-02');

    const moments: Array<[string, string]> = [
      ['2032-04-01T14:30:05Z', '₹40 on 6:00 AM IST tomorrow. Sleep well.'], // 20:00 IST the evening before
      ['2032-04-02T00:15:10Z', 'Check-in is open: ₹40 on 6:00 AM IST.'], // the window opens at 05:45 IST
      ['2032-04-02T00:35:10Z', 'Check in now or ₹40 is at risk.'], // five minutes before it closes
    ];
    for (const [instant, body] of moments) {
      t.clock.set(instant);
      const before = push.received.length;
      expect(await send()).toEqual({ reminders: 1, delivered: 1 });
      expect(await send()).toEqual({ reminders: 0, delivered: 0 }); // a second scan sends nothing again
      expect(push.received.length).toBe(before + 1);
      const msg = push.received[push.received.length - 1];
      expect(msg.path).toBe('/sub/phone');
      expect(msg.headers['content-encoding']).toBe('aes128gcm');
      expect(Number(msg.headers.ttl)).toBeGreaterThan(0);
      const claims = verifyVapid(String(msg.headers.authorization), push.origin, t.config.vapid!.publicKey);
      expect(claims.sub).toBe(t.config.vapid!.subject);
      const payload = JSON.parse(
        ece.decrypt(msg.body, { version: 'aes128gcm', privateKey: phone.ecdh, authSecret: phone.auth.toString('base64url') }).toString('utf8'),
      );
      expect(payload).toMatchObject({ body, challengeId, url: 'http://localhost:3000/dashboard' });
    }
    expect(push.received.some((r) => r.path === '/sub/quiet')).toBe(false); // reminders switched off in settings
  });

  it('sends nothing for a checked-in or cancelled morning, and drops a subscription the push service says is gone', async () => {
    const laptop = browserKeys();
    await t
      .http()
      .post('/api/v1/notifications/push/subscriptions')
      .set(me.auth)
      .send({ endpoint: `${push.origin}/sub/laptop`, keys: laptop.json })
      .expect(201);
    gone.add('/sub/laptop');
    const id = await pendingChallenge(me.id, '2032-04-05');
    t.clock.set('2032-04-05T00:15:10Z');
    const before = push.received.length;
    expect(await send()).toEqual({ reminders: 1, delivered: 1 }); // the phone got it; the laptop answered 410
    expect(push.received.length).toBe(before + 2);
    expect(await ds.query(`SELECT 1 FROM push_subscriptions WHERE endpoint = $1`, [`${push.origin}/sub/laptop`])).toHaveLength(0);

    await ds.query(`UPDATE challenges SET status = 'COMPLETED', is_successful = true WHERE id = $1`, [id]);
    t.clock.set('2032-04-05T00:35:10Z');
    expect(await send()).toEqual({ reminders: 0, delivered: 0 });
  });

  it('stops pushing to a browser that unsubscribed', async () => {
    await t
      .http()
      .delete('/api/v1/notifications/push/subscriptions')
      .set(me.auth)
      .send({ endpoint: `${push.origin}/sub/phone` })
      .expect(200);
    await pendingChallenge(me.id, '2032-04-08');
    t.clock.set('2032-04-08T00:15:10Z');
    expect(await send()).toEqual({ reminders: 0, delivered: 0 });
  });
});
