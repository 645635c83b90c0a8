import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError, loadConfig } from '../../src/config/app-config.js';
import { freePort } from '../setup/loopback.js';

// A production start refuses every unsafe setting with one line naming the variable; with safe settings it serves,
// and the sandbox checkout, the test-challenge route and the API docs do not exist.

const ROOT = resolve(__dirname, '..', '..');
const API_ENTRY = resolve(ROOT, 'dist', 'src', 'main.js');
const WORKER_ENTRY = resolve(ROOT, 'dist', 'src', 'worker.js');
const STRONG = 'q9X2vT7mK4pL8sR1wZ6yB3nC5dF0gH2j';

/** Every setting safe: real Razorpay keys, a real payout provider, a strong secret. */
const SAFE: Record<string, string> = {
  NODE_ENV: 'production',
  JWT_SECRET: STRONG,
  PAYMENTS_PROVIDER: 'razorpay',
  RAZORPAY_KEY_ID: 'rzp_live_AbCdEfGhIjKlMn',
  RAZORPAY_KEY_SECRET: 'live-key-secret-0123456789abcdef',
  RAZORPAY_WEBHOOK_SECRET: 'live-webhook-secret-0123456789ab',
  PAYOUTS_PROVIDER: 'manual',
  METRICS_TOKEN: 'm3tr1cs-T0ken-9f8e7d6c5b4a3210ZYXW',
};

function without(env: Record<string, string>, ...names: string[]): Record<string, string> {
  const copy = { ...env };
  for (const n of names) delete copy[n];
  return copy;
}

const UNSAFE: Array<[string, Record<string, string>, string]> = [
  ['payments provider unset', without(SAFE, 'PAYMENTS_PROVIDER'), 'PAYMENTS_PROVIDER'],
  ['sandbox payments', { ...SAFE, PAYMENTS_PROVIDER: 'sandbox' }, 'PAYMENTS_PROVIDER'],
  ['payouts provider unset', without(SAFE, 'PAYOUTS_PROVIDER'), 'PAYOUTS_PROVIDER'],
  ['sandbox payouts', { ...SAFE, PAYOUTS_PROVIDER: 'sandbox' }, 'PAYOUTS_PROVIDER'],
  ['empty Razorpay key secret', { ...SAFE, RAZORPAY_KEY_SECRET: '' }, 'RAZORPAY_KEY_SECRET'],
  ['empty Razorpay webhook secret', without(SAFE, 'RAZORPAY_WEBHOOK_SECRET'), 'RAZORPAY_WEBHOOK_SECRET'],
  ['RazorpayX without its account number', { ...SAFE, PAYOUTS_PROVIDER: 'razorpayx' }, 'RAZORPAYX_ACCOUNT_NUMBER'],
  ['no JWT secret', without(SAFE, 'JWT_SECRET'), 'JWT_SECRET'],
  ['the documented placeholder secret', { ...SAFE, JWT_SECRET: 'change-me-to-a-long-random-secret' }, 'JWT_SECRET'],
  ['a secret under 32 characters', { ...SAFE, JWT_SECRET: 'Abcdefgh1234567890xyzQRSTUV' }, 'JWT_SECRET'],
  ['a secret of low variety', { ...SAFE, JWT_SECRET: 'abababababababababababababababababab' }, 'JWT_SECRET'],
  ['TEST_MODE on', { ...SAFE, TEST_MODE: 'true' }, 'TEST_MODE'],
  ['a weak ledger key', { ...SAFE, LEDGER_HMAC_KEY: 'short' }, 'LEDGER_HMAC_KEY'],
  ['no metrics token (GET /metrics would be open on the public port)', without(SAFE, 'METRICS_TOKEN'), 'METRICS_TOKEN'],
  ['an empty metrics token', { ...SAFE, METRICS_TOKEN: '' }, 'METRICS_TOKEN'],
  ['a weak metrics token', { ...SAFE, METRICS_TOKEN: 'metrics' }, 'METRICS_TOKEN'],
  ['private push addresses allowed', { ...SAFE, PUSH_ALLOW_PRIVATE_ADDRESSES: 'true' }, 'PUSH_ALLOW_PRIVATE_ADDRESSES'],
  ['a push service host with a test port', { ...SAFE, PUSH_SERVICE_HOSTS: 'fcm.googleapis.com,push.example.test:8443' }, 'PUSH_SERVICE_HOSTS'],
];

describe('production configuration', () => {
  it.each(UNSAFE.map(([what, env, variable]) => [what, variable, env] as const))('refuses %s, naming %s', (_what, variable, env) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variable).toBe(variable);
    expect((error as Error).message).toContain(variable);
  });

  it('accepts every safe setting, with no docs and no test mode', () => {
    const c = loadConfig(SAFE);
    expect(c).toMatchObject({ paymentsProvider: 'razorpay', payoutsProvider: 'manual', testMode: false, apiDocs: false });
    expect(loadConfig({ ...SAFE, API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(loadConfig({ ...SAFE, PAYOUTS_PROVIDER: 'razorpayx', RAZORPAYX_ACCOUNT_NUMBER: '7878780080316316' })).toMatchObject({
      payoutsProvider: 'razorpayx',
      razorpayxKeyId: SAFE.RAZORPAY_KEY_ID,
      razorpayxKeySecret: SAFE.RAZORPAY_KEY_SECRET,
    });
  });

  it('keys the ledger chain from outside the database: its own variable, else derived from JWT_SECRET', () => {
    const derived = loadConfig(SAFE).ledgerHmacKey;
    expect(derived).toMatch(/^[0-9a-f]{64}$/);
    expect(derived).not.toContain(STRONG);
    expect(loadConfig({ ...SAFE, JWT_SECRET: STRONG.split('').reverse().join('') }).ledgerHmacKey).not.toBe(derived);
    const own = 'L3dg3r-k3y-0123456789-abcdefghijkl';
    expect(loadConfig({ ...SAFE, LEDGER_HMAC_KEY: own }).ledgerHmacKey).toBe(own);
  });

  it('keeps development forgiving: sandbox by default, docs on', () => {
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(32) })).toMatchObject({ paymentsProvider: 'sandbox', payoutsProvider: 'sandbox', apiDocs: true });
  });
});

function baseEnv(): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    DATABASE_URL: process.env.DATABASE_URL ?? '',
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    BULLMQ_PREFIX: process.env.BULLMQ_PREFIX ?? 'wakestake',
    LOG_LEVEL: 'warn',
  };
}

describe('a production start', () => {
  beforeAll(() => {
    if (!existsSync(API_ENTRY)) throw new Error(`${API_ENTRY} is missing: build first (npx tsc -p tsconfig.build.json)`);
  });

  it.each([
    ['api', API_ENTRY],
    ['worker', WORKER_ENTRY],
  ])('of the %s exits non-zero with one line naming the unsafe variable', (_name, entry) => {
    const r = spawnSync(process.execPath, [entry], {
      cwd: ROOT,
      env: { ...baseEnv(), ...SAFE, PAYMENTS_PROVIDER: 'sandbox' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(r.status).not.toBe(0);
    expect(r.status).not.toBeNull();
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Configuration error: PAYMENTS_PROVIDER /);
  });

  it.each([
    ['api', API_ENTRY],
    ['worker', WORKER_ENTRY],
  ])('of the %s without METRICS_TOKEN exits non-zero, saying what to set', (_name, entry) => {
    const r = spawnSync(process.execPath, [entry], { cwd: ROOT, env: { ...baseEnv(), ...without(SAFE, 'METRICS_TOKEN') }, encoding: 'utf8', timeout: 30_000 });
    expect(r.status).not.toBe(0);
    expect(r.status).not.toBeNull();
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^Configuration error: METRICS_TOKEN is required in production: set it to a long random secret \(openssl rand -hex 32\) and give Prometheus the same bearer token/,
    );
  });

  it('with safe settings is healthy, and the sandbox, test and docs routes answer 404', async () => {
    const port = await freePort();
    let out = '';
    const child = spawn(process.execPath, [API_ENTRY], {
      cwd: ROOT,
      env: { ...baseEnv(), ...SAFE, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    try {
      await new Promise<void>((ok, fail) => {
        const timer = setTimeout(() => fail(new Error(`api did not start:\n${out}`)), 45_000);
        const check = () => {
          if (out.includes('listening on')) {
            clearTimeout(timer);
            ok();
          }
        };
        child.stdout!.on('data', check);
        void exited.then((code) => {
          clearTimeout(timer);
          fail(new Error(`api exited (${code}):\n${out}`));
        });
      });
      const base = `http://127.0.0.1:${port}`;
      const health = await fetch(`${base}/api/v1/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ success: true, database: 'up', redis: 'up' });

      const sandbox = await fetch(`${base}/api/v1/wallet/sandbox/checkout`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ orderId: 'order_x' }),
      });
      expect(sandbox.status).toBe(404);
      const testRoute = await fetch(`${base}/api/v1/test/challenges/create-test-challenge`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(testRoute.status).toBe(404);
      for (const docs of ['/api/docs', '/api/docs-json']) {
        const res = await fetch(base + docs);
        expect(res.status).toBe(404);
        expect(await res.text()).not.toContain('/support/');
      }
      // An unsigned deposit webhook credits nothing: the signature is checked with the configured secret.
      const hook = await fetch(`${base}/api/v1/wallet/webhooks/razorpay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ event: 'payment.captured' }),
      });
      expect(hook.status).toBeGreaterThanOrEqual(400);
      expect(hook.status).toBeLessThan(500);
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  });
});
