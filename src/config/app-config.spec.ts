import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Test } from '@nestjs/testing';
import { ConfigService } from '@nestjs/config';
import { AppConfig, ConfigError, loadConfig } from './app-config.js';
import { APP_CONFIG_KEY, AppConfigModule, validateEnvironment } from './app-config.module.js';
import { TUNING, tuning } from './tuning.js';

const BASE = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(32) };

function refusal(env: Record<string, string>): ConfigError {
  try {
    loadConfig({ ...BASE, ...env });
  } catch (e) {
    return e as ConfigError;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
}

describe('the configuration schema', () => {
  it('types and defaults the settings that were read unchecked (pool, settlement, metrics, host)', () => {
    expect(loadConfig(BASE)).toMatchObject({
      host: '0.0.0.0',
      dbPoolSize: 20,
      dbConnectTimeoutMs: 3000,
      settlementParts: 1,
      settlementConcurrency: 2,
      settlementChunkSize: 2000,
      metricsRefreshMs: 15_000,
    });
    const c = loadConfig({
      ...BASE,
      HOST: '127.0.0.1',
      DB_POOL_SIZE: '5',
      DB_CONNECT_TIMEOUT_MS: '15000',
      SETTLEMENT_PARTS: '8',
      SETTLEMENT_CONCURRENCY: '1',
      SETTLEMENT_CHUNK_SIZE: '50',
      METRICS_REFRESH_MS: '100',
    });
    expect(c).toMatchObject({
      host: '127.0.0.1',
      dbPoolSize: 5,
      dbConnectTimeoutMs: 15000,
      settlementParts: 8,
      settlementConcurrency: 1,
      settlementChunkSize: 50,
      metricsRefreshMs: 100,
    });
  });

  it.each([
    ['DB_POOL_SIZE', 'twenty'],
    ['DB_POOL_SIZE', '0'],
    ['DB_CONNECT_TIMEOUT_MS', '-1'],
    ['SETTLEMENT_PARTS', '65'],
    ['SETTLEMENT_PARTS', '2.5'],
    ['SETTLEMENT_CONCURRENCY', '17'],
    ['SETTLEMENT_CHUNK_SIZE', '10001'],
    ['METRICS_REFRESH_MS', '99'],
  ])('refuses %s=%s at boot with one line naming it and its range', (name, value) => {
    const e = refusal({ [name]: value });
    expect(e).toBeInstanceOf(ConfigError);
    expect(e.variable).toBe(name);
    const { min, max } = TUNING[name as keyof typeof TUNING];
    expect(e.message).toBe(`Configuration error: ${name} must be a whole number from ${min} to ${max} (got "${value}")`);
    expect(e.message).not.toContain('\n');
  });

  it('the early reader (decorators, the TypeORM CLI) uses the same declaration and falls back instead of throwing', () => {
    expect(tuning('SETTLEMENT_PARTS', { SETTLEMENT_PARTS: '8' })).toBe(8);
    expect(tuning('SETTLEMENT_PARTS', { SETTLEMENT_PARTS: '65' })).toBe(TUNING.SETTLEMENT_PARTS.fallback);
    expect(tuning('DB_POOL_SIZE', {})).toBe(20);
  });

  it('keeps the production refusals and their messages', () => {
    const prod = {
      NODE_ENV: 'production',
      JWT_SECRET: 'q9X2vT7mK4pL8sR1wZ6yB3nC5dF0gH2j',
      PAYMENTS_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: 'rzp_live_AbCdEfGhIjKlMn',
      RAZORPAY_KEY_SECRET: 'live-key-secret-0123456789abcdef',
      RAZORPAY_WEBHOOK_SECRET: 'live-webhook-secret-0123456789ab',
      PAYOUTS_PROVIDER: 'manual',
      METRICS_TOKEN: 'm3tr1cs-T0ken-9f8e7d6c5b4a3210ZYXW',
    };
    expect(loadConfig(prod)).toMatchObject({ paymentsProvider: 'razorpay', testMode: false, apiDocs: false });
    expect(() => loadConfig({ ...prod, PAYMENTS_PROVIDER: 'sandbox' })).toThrow(
      'Configuration error: PAYMENTS_PROVIDER must be razorpay in production (the sandbox credits money without a real payment)',
    );
    expect(() => loadConfig({ ...prod, TEST_MODE: 'true' })).toThrow(
      'Configuration error: TEST_MODE must not be true in production (it opens the test-challenge route)',
    );
    expect(() => loadConfig({ ...prod, JWT_SECRET: 'change-me-to-a-long-random-secret' })).toThrow(
      'Configuration error: JWT_SECRET is a documented placeholder: set a long random secret (openssl rand -hex 32)',
    );
    expect(() => loadConfig({ ...prod, DB_POOL_SIZE: 'lots' })).toThrow('Configuration error: DB_POOL_SIZE must be a whole number from 1 to 1000 (got "lots")');
  });
});

describe('AppConfigModule (@nestjs/config)', () => {
  it('validates the environment through ConfigModule.forRoot({ validate }) and injects the result as AppConfig', async () => {
    const before = process.env.SETTLEMENT_PARTS;
    process.env.SETTLEMENT_PARTS = '6';
    try {
      const ref = await Test.createTestingModule({ imports: [AppConfigModule.forRoot()] }).compile();
      const config = ref.get(AppConfig);
      expect(config).toBeInstanceOf(AppConfig);
      expect(config.settlementParts).toBe(6);
      expect(ref.get(ConfigService).get(APP_CONFIG_KEY)).toBe(config);
      await ref.close();
    } finally {
      if (before === undefined) delete process.env.SETTLEMENT_PARTS;
      else process.env.SETTLEMENT_PARTS = before;
    }
  });

  it('serves a configuration handed in (validated before Nest started) as is', async () => {
    const given = loadConfig({ ...BASE, DB_POOL_SIZE: '3' });
    const ref = await Test.createTestingModule({ imports: [AppConfigModule.forRoot(given)] }).compile();
    expect(ref.get(AppConfig)).toBe(given);
    await ref.close();
  });

  it('stops on a bad value with the ConfigError naming it', () => {
    expect(() => validateEnvironment({ ...BASE, SETTLEMENT_CONCURRENCY: 'many' })).toThrow(
      /^Configuration error: SETTLEMENT_CONCURRENCY must be a whole number from 1 to 16/,
    );
  });
});

describe('README and .env.example', () => {
  const root = resolve(__dirname, '..', '..');
  /** Every variable the schema reads: a quoted NAME or env.NAME in the config files and the storage settings. */
  const declared = (): string[] => {
    const files = ['src/config/app-config.ts', 'src/config/tuning.ts', 'src/common/storage/storage.config.ts'];
    const names = new Set<string>();
    for (const f of files) {
      const code = readFileSync(join(root, f), 'utf8').replace(/^\s*(\/\/|\/?\*).*$/gm, '');
      for (const m of code.matchAll(/'([A-Z][A-Z0-9_]{2,})'|env\.([A-Z][A-Z0-9_]{2,})/g)) names.add(m[1] ?? m[2]);
    }
    return [...names].sort();
  };

  it('list every variable the schema declares', () => {
    const names = declared();
    expect(names).toEqual(expect.arrayContaining(['DB_POOL_SIZE', 'SETTLEMENT_PARTS', 'HOST', 'S3_BUCKET', 'GOOGLE_CLIENT_ID']));
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const table = new Set([...readme.matchAll(/^\| ([A-Z0-9_, ]+) \|/gm)].flatMap((m) => m[1].split(',').map((s) => s.trim())));
    const example = new Set([...readFileSync(join(root, '.env.example'), 'utf8').matchAll(/^(?:# )?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));
    expect(names.filter((n) => !table.has(n))).toEqual([]);
    expect(names.filter((n) => !example.has(n))).toEqual([]);
    expect([...example].filter((n) => !names.includes(n))).toEqual([]);
  });
});

describe('production and the two open doors (metrics without a token, push to any host)', () => {
  const prod = {
    NODE_ENV: 'production',
    JWT_SECRET: 'q9X2vT7mK4pL8sR1wZ6yB3nC5dF0gH2j',
    PAYMENTS_PROVIDER: 'razorpay',
    RAZORPAY_KEY_ID: 'rzp_live_AbCdEfGhIjKlMn',
    RAZORPAY_KEY_SECRET: 'live-key-secret-0123456789abcdef',
    RAZORPAY_WEBHOOK_SECRET: 'live-webhook-secret-0123456789ab',
    PAYOUTS_PROVIDER: 'manual',
    METRICS_TOKEN: 'm3tr1cs-T0ken-9f8e7d6c5b4a3210ZYXW',
  };
  const refused = (env: Record<string, string | undefined>): ConfigError => {
    try {
      loadConfig(env);
    } catch (e) {
      return e as ConfigError;
    }
    throw new Error('accepted');
  };

  it('refuses a production start without METRICS_TOKEN, naming it and saying what to set', () => {
    const { METRICS_TOKEN: _token, ...without } = prod;
    for (const env of [without, { ...prod, METRICS_TOKEN: '' }]) {
      const e = refused(env);
      expect(e).toBeInstanceOf(ConfigError);
      expect(e.variable).toBe('METRICS_TOKEN');
      expect(e.message).toBe(
        'Configuration error: METRICS_TOKEN is required in production: set it to a long random secret (openssl rand -hex 32) and give Prometheus the same bearer token; without it GET /metrics would show deposit, payout and settlement figures to anyone',
      );
    }
    expect(refused({ ...prod, METRICS_TOKEN: 'change-me' }).message).toContain('METRICS_TOKEN is a documented placeholder');
    expect(refused({ ...prod, METRICS_TOKEN: 'short-token' }).message).toBe(
      'Configuration error: METRICS_TOKEN must be at least 32 characters in production (got 11)',
    );
    expect(loadConfig(prod).metricsToken).toBe(prod.METRICS_TOKEN);
    // Outside production /metrics may stay open (a developer's machine, the tests).
    expect(loadConfig(BASE).metricsToken).toBeNull();
  });

  it('defaults PUSH_SERVICE_HOSTS to the browsers push services in every environment; private addresses only by an explicit allowance outside production', () => {
    const names = (env: Record<string, string>) =>
      loadConfig(env).pushServiceHosts.map((h) => `${h.wildcard ? '*.' : ''}${h.name}${h.port ? `:${h.port}` : ''}`);
    const defaults = ['fcm.googleapis.com', 'updates.push.services.mozilla.com', '*.notify.windows.com', '*.push.apple.com'];
    expect(names(BASE)).toEqual(defaults);
    expect(names(prod)).toEqual(defaults);
    expect(names({ ...BASE, NODE_ENV: 'development' })).toEqual(defaults);
    expect(names({ ...BASE, PUSH_SERVICE_HOSTS: 'fcm.googleapis.com, push.wakestake.test:8443' })).toEqual(['fcm.googleapis.com', 'push.wakestake.test:8443']);
    expect(loadConfig(BASE).pushAllowPrivateAddresses).toBe(false);
    expect(loadConfig({ ...BASE, PUSH_ALLOW_PRIVATE_ADDRESSES: 'true' }).pushAllowPrivateAddresses).toBe(true);
    expect(refused({ ...prod, PUSH_ALLOW_PRIVATE_ADDRESSES: 'true' }).message).toBe(
      'Configuration error: PUSH_ALLOW_PRIVATE_ADDRESSES must not be true in production (it lets push subscriptions reach private and loopback addresses); unset it',
    );
    expect(refused({ ...prod, PUSH_SERVICE_HOSTS: 'push.wakestake.test:8443' }).variable).toBe('PUSH_SERVICE_HOSTS');
    expect(loadConfig({ ...prod, PUSH_SERVICE_HOSTS: 'fcm.googleapis.com:443' }).pushServiceHosts).toEqual([
      { name: 'fcm.googleapis.com', wildcard: false, port: null },
    ]);
  });
});
