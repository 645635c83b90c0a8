import { CommandBus } from '@nestjs/cqrs';
import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { DataSource } from 'typeorm';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { createUser, TestUser } from '../factories/wallet.js';
import { mapResolver, TEST_PUSH_HOST, testPushEnv, testPushOverrides } from '../setup/test-push-host.js';
import { SendDueRemindersCommand } from '../../src/modules/notifications/commands/send-due-reminders/send-due-reminders.command.js';

/**
 * Attack: a push subscription aimed at the private network. The save accepted any https name that was not an
 * IP literal, `localhost`, `*.local` or `*.internal` (so `localhost.` with its trailing dot, `metadata.google.internal.`
 * and `127.0.0.1.nip.io` passed), and the worker connected wherever the name resolved. Now: only PUSH_SERVICE_HOSTS, in
 * every environment, and at send time a push host that resolves to a private address gets no connection.
 */
const ROUTE = '/api/v1/notifications/push/subscriptions';

function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

/** A loopback listener standing in for a private service: it counts every connection opened to it. */
function privateService(): Promise<{ server: Server; port: number; connections: () => number }> {
  let n = 0;
  const server = createServer((socket) => {
    n += 1;
    socket.destroy();
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok({ server, port: (server.address() as AddressInfo).port, connections: () => n })));
}

describe('attack: push subscriptions that point the worker into the private network', () => {
  let t: TestApp;
  let ds: DataSource;
  let me: TestUser;
  let inside: Awaited<ReturnType<typeof privateService>>;
  // The push host is allowed by PUSH_SERVICE_HOSTS, but its name resolves to 127.0.0.1 (a rebind, a hijacked record).
  const resolver = mapResolver({
    [TEST_PUSH_HOST]: ['127.0.0.1'],
    'localhost.': ['127.0.0.1'],
    'metadata.google.internal.': ['169.254.169.254'],
    '127.0.0.1.nip.io': ['127.0.0.1'],
  });

  beforeAll(async () => {
    inside = await privateService();
    // No allowance for private addresses here: this app is as strict as production.
    t = await createTestApp({ env: testPushEnv(inside.port, false), override: testPushOverrides(null, resolver) });
    ds = t.app.get(DataSource);
    me = await createUser(t);
  });
  afterAll(async () => {
    inside.server.close();
    await t.close();
  });

  const saved = async () =>
    ((await ds.query(`SELECT endpoint FROM push_subscriptions WHERE user_id = $1`, [me.id])) as { endpoint: string }[]).map((r) => r.endpoint);

  it.each([
    ['https://localhost./x', "endpoint must be on a push service's host (localhost. is not one)"],
    ['https://metadata.google.internal./computeMetadata/v1/instance', "endpoint must be on a push service's host (metadata.google.internal. is not one)"],
    ['https://127.0.0.1.nip.io:3399/x', "endpoint must be on a push service's host (127.0.0.1.nip.io is not one)"],
    ['https://10.0.0.1/x', "endpoint must be on a push service's host (10.0.0.1 is not one)"],
    ['http://fcm.googleapis.com/x', 'endpoint must be an https push service address'],
    ['https://[::ffff:127.0.0.1]/x', "endpoint must be on a push service's host ([::ffff:7f00:1] is not one)"],
    ['https://fcm.googleapis.com:8443/x', "endpoint must use the push service's port 443 (got 8443)"],
    ['https://fcm.googleapis.com@127.0.0.1/x', 'endpoint must not carry a user name or password'],
  ])('refuses %s on save: 400, nothing saved', async (endpoint, message) => {
    const res = await t.http().post(ROUTE).set(me.auth).send({ endpoint, keys: browserKeys() }).expect(400);
    expect(res.body).toEqual({ success: false, statusCode: 400, error: message, message });
    expect(await saved()).toEqual([]);
  });

  it("accepts the browsers' push services (FCM, Mozilla, WNS, Apple)", async () => {
    const u = await createUser(t);
    const endpoints = [
      'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91bH',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB',
      'https://web.push.apple.com/QGx0ZXN0',
    ];
    for (const endpoint of endpoints) await t.http().post(ROUTE).set(u.auth).send({ endpoint, keys: browserKeys() }).expect(201);
    await ds.query(`DELETE FROM push_subscriptions WHERE user_id = $1`, [u.id]);
  });

  it('refuses at send time a push host that resolves to 127.0.0.1: no connection is opened and the subscription is dropped', async () => {
    const endpoint = `https://${TEST_PUSH_HOST}:${inside.port}/sub/phone`;
    await t.http().post(ROUTE).set(me.auth).send({ endpoint, keys: browserKeys() }).expect(201); // allowed by name
    expect(await saved()).toEqual([endpoint]);
    await ds.query(
      `INSERT INTO challenges (id, user_id, challenge_date, wake_up_time, stake, status, window_opens_at, window_closes_at, created_at)
       VALUES (gen_random_uuid(), $1, '2037-03-03', '06:00', 4000, 'PENDING', '2037-03-03T00:15:00Z', '2037-03-03T00:40:00Z', now())`,
      [me.id],
    );
    t.clock.set('2037-03-03T00:15:10Z'); // the window has just opened: a push reminder is due
    const asked = resolver.asked.length;
    const result = (await t.app.get(CommandBus).execute(new SendDueRemindersCommand())) as { reminders: number; delivered: number };
    expect(result).toEqual({ reminders: 1, delivered: 0 });
    expect(resolver.asked.slice(asked)).toEqual([TEST_PUSH_HOST]); // resolved once, refused on what it resolved to
    expect(inside.connections()).toBe(0);
    expect(await saved()).toEqual([]); // refused for good: not tried again at the next reminder
  });
});
