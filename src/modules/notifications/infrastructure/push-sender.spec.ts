import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import type { LookupAddress } from 'node:dns';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createTcpServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../../config/app-config.js';
import { parsePushServiceHosts } from '../../../config/push-hosts.js';
import { guardedLookup, PushEndpointRefused, PushResolver, PushSender } from './push-sender.js';
import type { PushSubscriptionRow } from './push-subscriptions.repository.js';

const HOST = 'push.wakestake.test';

function resolverOf(names: Record<string, string[]>): PushResolver & { asked: string[] } {
  const asked: string[] = [];
  const fn = async (hostname: string): Promise<LookupAddress[]> => {
    asked.push(hostname);
    const list = names[hostname];
    if (!list) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(fn, { asked });
}

function lookupOnce(lookup: ReturnType<typeof guardedLookup>, hostname: string, options: { all?: boolean; family?: number }): Promise<unknown> {
  return new Promise((ok, fail) => {
    (lookup as unknown as (h: string, o: object, cb: (e: Error | null, a: unknown, f?: number) => void) => void)(hostname, options, (e, a, f) =>
      e ? fail(e) : ok(options.all ? a : { address: a, family: f }),
    );
  });
}

function vapidEnv(): Record<string, string> {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const priv = ecdh.getPrivateKey();
  return {
    VAPID_PUBLIC_KEY: ecdh.getPublicKey().toString('base64url'),
    VAPID_PRIVATE_KEY: Buffer.concat([Buffer.alloc(32 - priv.length), priv]).toString('base64url'),
  };
}

function senderFor(port: number, resolver: PushResolver, allowPrivate: boolean, ca: Buffer | null = null): PushSender {
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'x'.repeat(32),
    LOG_LEVEL: 'silent',
    ...vapidEnv(),
    PUSH_SERVICE_HOSTS: `fcm.googleapis.com,${HOST}:${port}`,
    PUSH_ALLOW_PRIVATE_ADDRESSES: String(allowPrivate),
  });
  return new PushSender(config, resolver, ca);
}

function subscription(endpoint: string): PushSubscriptionRow {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    id: 'sub-1',
    userId: 'user-1',
    endpoint,
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  } as PushSubscriptionRow;
}

/** A loopback listener that counts every TCP connection opened to it (and answers nothing). */
async function countingListener(): Promise<{ server: Server; port: number; connections: () => number }> {
  let n = 0;
  const server = createTcpServer((socket) => {
    n += 1;
    socket.destroy();
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return { server, port: (server.address() as AddressInfo).port, connections: () => n };
}

describe('guardedLookup: the push connection resolves once, checks every address and connects to what it checked', () => {
  const hosts = parsePushServiceHosts(`fcm.googleapis.com,${HOST}:8443`, false);

  it('hands net exactly the checked public addresses (one, or all when asked), filtered by family', async () => {
    const resolve = resolverOf({ 'fcm.googleapis.com': ['142.250.183.10', '2404:6800:4009:82b::200a'] });
    const lookup = guardedLookup(resolve, hosts, false);
    expect(await lookupOnce(lookup, 'fcm.googleapis.com', {})).toEqual({ address: '142.250.183.10', family: 4 });
    expect(await lookupOnce(lookup, 'fcm.googleapis.com', { all: true })).toEqual([
      { address: '142.250.183.10', family: 4 },
      { address: '2404:6800:4009:82b::200a', family: 6 },
    ]);
    expect(await lookupOnce(lookup, 'fcm.googleapis.com', { family: 6 })).toEqual({ address: '2404:6800:4009:82b::200a', family: 6 });
    expect(resolve.asked).toEqual(['fcm.googleapis.com', 'fcm.googleapis.com', 'fcm.googleapis.com']);
  });

  it.each([
    [['127.0.0.1'], 'push.wakestake.test resolves to 127.0.0.1, loopback (127.0.0.0/8)'],
    [['169.254.169.254'], 'push.wakestake.test resolves to 169.254.169.254, cloud metadata (169.254.169.254)'],
    [['fd00:ec2::254'], 'push.wakestake.test resolves to fd00:ec2::254, cloud metadata (fd00:ec2::/32)'],
    [['::ffff:10.0.0.1'], 'push.wakestake.test resolves to ::ffff:10.0.0.1, IPv4-mapped 10.0.0.1: private (10.0.0.0/8)'],
    [['142.250.183.10', '192.168.0.10'], 'push.wakestake.test resolves to 192.168.0.10, private (192.168.0.0/16)'],
  ])('refuses a push host resolving to %j', async (addresses, message) => {
    const lookup = guardedLookup(resolverOf({ [HOST]: addresses }), hosts, false);
    for (const options of [{}, { all: true }]) {
      const e = await lookupOnce(lookup, HOST, options).catch((err: Error) => err);
      expect(e).toBeInstanceOf(PushEndpointRefused);
      expect((e as Error).message).toBe(message);
    }
  });

  it('refuses a name that is not a push service host before resolving it, and allows loopback only by the explicit allowance', async () => {
    const resolve = resolverOf({ 'metadata.google.internal': ['169.254.169.254'], [HOST]: ['127.0.0.1'] });
    const e = await lookupOnce(guardedLookup(resolve, hosts, true), 'metadata.google.internal', {}).catch((err: Error) => err);
    expect((e as Error).message).toBe('metadata.google.internal is not a push service host');
    expect(resolve.asked).toEqual([]);
    expect(await lookupOnce(guardedLookup(resolve, hosts, true), HOST, {})).toEqual({ address: '127.0.0.1', family: 4 });
  });
});

describe('PushSender at send time', () => {
  let listener: Awaited<ReturnType<typeof countingListener>>;
  beforeAll(async () => {
    listener = await countingListener();
  });
  afterAll(() => listener.server.close());

  it('refuses a push host that resolves to 127.0.0.1: no connection is opened, the subscription is dropped', async () => {
    const resolve = resolverOf({ [HOST]: ['127.0.0.1'] });
    const sender = senderFor(listener.port, resolve, false);
    try {
      expect(await sender.send(subscription(`https://${HOST}:${listener.port}/sub/x`), { title: 'hi' }, 60)).toBe('gone');
      expect(resolve.asked).toEqual([HOST]);
      expect(listener.connections()).toBe(0);
    } finally {
      sender.onModuleDestroy();
    }
  });

  it('refuses a stored endpoint the save-time rule would refuse (an older row) without resolving or connecting', async () => {
    const resolve = resolverOf({ [HOST]: ['127.0.0.1'], localhost: ['127.0.0.1'] });
    const sender = senderFor(listener.port, resolve, true);
    try {
      for (const endpoint of [
        `https://127.0.0.1:${listener.port}/x`,
        `https://localhost.:${listener.port}/x`,
        `http://${HOST}:${listener.port}/x`,
        `https://${HOST}:${listener.port + 1}/x`,
      ]) {
        expect(await sender.send(subscription(endpoint), { title: 'hi' }, 60)).toBe('gone');
      }
      expect(resolve.asked).toEqual([]);
      expect(listener.connections()).toBe(0);
    } finally {
      sender.onModuleDestroy();
    }
  });

  it("refuses an IP-literal test host's private address without the allowance (net skips the lookup for literals)", async () => {
    const config = (allow: boolean) =>
      loadConfig({
        NODE_ENV: 'test',
        JWT_SECRET: 'x'.repeat(32),
        ...vapidEnv(),
        PUSH_SERVICE_HOSTS: `127.0.0.1:${listener.port}`,
        PUSH_ALLOW_PRIVATE_ADDRESSES: String(allow),
      });
    const resolve = resolverOf({});
    const strict = new PushSender(config(false), resolve, null);
    const lenient = new PushSender(config(true), resolve, null);
    try {
      const before = listener.connections();
      expect(await strict.send(subscription(`https://127.0.0.1:${listener.port}/x`), { title: 'hi' }, 60)).toBe('gone');
      expect(listener.connections()).toBe(before);
      // With the tests' allowance the same endpoint is connected to (the listener hangs up: a failed push, kept).
      expect(await lenient.send(subscription(`https://127.0.0.1:${listener.port}/x`), { title: 'hi' }, 60)).toBe('failed');
      expect(listener.connections()).toBe(before + 1);
      expect(resolve.asked).toEqual([]);
    } finally {
      strict.onModuleDestroy();
      lenient.onModuleDestroy();
    }
  });

  it('connects to the checked address when loopback is allowed (tests), and does not follow a redirect', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'push-tls-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        `/CN=${HOST}`,
        '-addext',
        `subjectAltName=DNS:${HOST}`,
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    const tls = { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
    const paths: string[] = [];
    const server = createHttpsServer(tls, (req, res) => {
      paths.push(req.url ?? '');
      req.resume();
      req.on('end', () => (req.url === '/moved' ? res.writeHead(301, { location: `https://${HOST}:${port}/elsewhere` }).end() : res.writeHead(201).end()));
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    const port = (server.address() as AddressInfo).port;
    const resolve = resolverOf({ [HOST]: ['127.0.0.1'] });
    const sender = senderFor(port, resolve, true, tls.cert);
    try {
      expect(await sender.send(subscription(`https://${HOST}:${port}/sub/ok`), { title: 'hi' }, 60)).toBe('delivered');
      expect(await sender.send(subscription(`https://${HOST}:${port}/moved`), { title: 'hi' }, 60)).toBe('failed');
      expect(paths).toEqual(['/sub/ok', '/moved']); // the 301's Location was never asked for
      expect(resolve.asked.every((h) => h === HOST)).toBe(true);
    } finally {
      sender.onModuleDestroy();
      server.close();
    }
  });
});
