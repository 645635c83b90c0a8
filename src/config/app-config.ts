import { createECDH, createHmac } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { bool, type Charity, ConfigError, devSecret, type Env, int, oneOf, parseCharities, requireStrongSecret, str, timezone, url } from './env-parsers.js';
import { strictTuning } from './tuning.js';
import { DEFAULT_PUSH_SERVICE_HOSTS, parsePushServiceHosts, type PushServiceHost } from './push-hosts.js';

export {
  type Charity,
  ConfigError,
  donationDestination,
  NO_CHARITY_DESTINATION,
  parseCharities,
  PLACEHOLDER_SECRETS,
  requireStrongSecret,
} from './env-parsers.js';

export type PaymentsProvider = 'sandbox' | 'razorpay';
export type PayoutsProvider = 'sandbox' | 'razorpayx' | 'manual';

/**
 * Every setting of the operating contract (ARCHITECTURE.md), read and validated once at boot by loadConfig (the one
 * schema: every variable is declared, typed, defaulted and checked there or in tuning.ts; README and .env.example list
 * them) and served to both processes through @nestjs/config (AppConfigModule).
 */
export class AppConfig {
  nodeEnv: string;
  port: number;
  /** HOST: the api's bind address. */
  host: string;
  /** DB_POOL_SIZE, DB_CONNECT_TIMEOUT_MS: PostgreSQL connections per process and how long opening one may take. */
  dbPoolSize: number;
  dbConnectTimeoutMs: number;
  /** SETTLEMENT_PARTS, SETTLEMENT_CONCURRENCY, SETTLEMENT_CHUNK_SIZE (settlement.constants.ts reads them when asked). */
  settlementParts: number;
  settlementConcurrency: number;
  settlementChunkSize: number;
  /** METRICS_REFRESH_MS: how often /metrics reads database and queue figures. */
  metricsRefreshMs: number;
  databaseUrl: string;
  redisUrl: string;
  jwtSecret: string;
  jwtExpiresIn: string;
  appTimezone: string;
  appUrl: string;
  testMode: boolean;
  paymentsProvider: PaymentsProvider;
  razorpayKeyId: string;
  razorpayKeySecret: string;
  razorpayWebhookSecret: string;
  payoutsProvider: PayoutsProvider;
  googleClientId: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  mailDir: string;
  corsOrigins: string[];
  uploadsDir: string;
  settlementCron: string;
  logLevel: string;
  clientDist: string;
  /** Sign-in attempts per minute per email and client address (login and change-password together; register, forgot-password, resend). */
  authRateLimit: number;
  /** The same per client address (register gets 3x: sign-ups behind one NAT). */
  authRateLimitIp: number;
  /** Proxy hops in front of the api whose X-Forwarded-For is trusted (0: none). */
  trustProxyHops: number;
  /** Prefix of every Redis key the app writes (queues, rate limits); tests give each run its own. */
  redisPrefix: string;
  /** RazorpayX Payouts (PAYOUTS_PROVIDER=razorpayx). */
  razorpayxKeyId: string;
  razorpayxKeySecret: string;
  razorpayxAccountNumber: string;
  razorpayxWebhookSecret: string;
  /** Base URL of the RazorpayX API (tests point it at a local server). */
  razorpayxApiUrl: string;
  /** Razorpay's public IFSC directory (tests point it at a local server) and how long one lookup may take. */
  ifscApiUrl: string;
  ifscApiTimeoutMs: number;
  /** Serve /api/docs (always outside production; in production only with API_DOCS=true). */
  apiDocs: boolean;
  /** HMAC key of the ledger's posting hash chain, kept outside the database. */
  ledgerHmacKey: string;
  /** Web Push (VAPID) keys, base64url; null: push reminders are off (production without VAPID_* set). */
  vapid: { publicKey: string; privateKey: string; subject: string } | null;
  /** Bearer token GET /metrics asks for (api and worker); null: open (development and tests only: production requires it). */
  metricsToken: string | null;
  /** PUSH_SERVICE_HOSTS: the only hosts a push subscription's endpoint may name (default: the browsers' push services). */
  pushServiceHosts: PushServiceHost[];
  /** PUSH_ALLOW_PRIVATE_ADDRESSES: the push sender may connect to private and loopback addresses (tests' local push service); refused in production. */
  pushAllowPrivateAddresses: boolean;
  /** The worker's health and metrics port (0: a free one; null: none). */
  workerHealthPort: number | null;
  workerHealthHost: string;
  /** Mail retries: first delay and attempts before a message is given up (FAILED, alerted). */
  mailRetryDelayMs: number;
  mailMaxAttempts: number;
  /** Settlement receipts by mail too (beside the in-app notification): one mail per participant per settled day. */
  settlementReceiptMail: boolean;
  /** POOL_MODE: `pool` (misses fund the winners) or `pledge` (misses go to a charity or the platform); fixed per challenge at creation. */
  poolMode: PoolMode;
  /** CHARITIES (`id:Display Name,…`): where pledge-mode misses may go, first = default; empty: the platform receives them. */
  charities: Charity[];
  /** LEAVE_DAYS_PER_MONTH: days of declared leave a user may book in a calendar month. */
  leaveDaysPerMonth: number;
  /** The grievance officer the legal pages name (IT Rules 2021, DPDP Act 2023): GRIEVANCE_OFFICER_NAME, _EMAIL, _PHONE, _ADDRESS. */
  grievanceOfficer: { name: string; email: string; phone: string | null; address: string | null };
  /**
   * AVAILABILITY_RECORDER: `on` (heartbeats and check-in route failures recorded, outages detected), `manual` (counted,
   * flushed only when asked: tests), `off`. Default on, off under NODE_ENV=test (tests share one database and clock).
   */
  availabilityRecorder: 'on' | 'manual' | 'off';
}

export type PoolMode = 'pool' | 'pledge';

/** A development secret kept under var/ so tokens survive restarts; production must set JWT_SECRET. */
function devJwtSecret(): string {
  return devSecret('dev-jwt-secret');
}

/** Development key of the ledger chain, kept beside the development JWT secret. */
function devLedgerKey(): string {
  return devSecret('dev-ledger-key');
}

/**
 * VAPID keys from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY (both or neither); development generates a pair once and keeps it
 * under var/ (as the JWT secret) so browser subscriptions survive a restart; production without them has push off.
 */
function vapidKeys(env: Env, production: boolean, mailFrom: string): AppConfig['vapid'] {
  const publicKey = env.VAPID_PUBLIC_KEY ?? '';
  const privateKey = env.VAPID_PRIVATE_KEY ?? '';
  const subject = str(env, 'VAPID_SUBJECT', `mailto:${mailFrom.replace(/^.*<|>$/g, '')}`);
  if (!/^(mailto:|https:\/\/)/.test(subject)) throw new ConfigError('VAPID_SUBJECT', `must be a mailto: or https: URL (got "${subject}")`);
  if ((publicKey === '') !== (privateKey === ''))
    throw new ConfigError(publicKey ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY', 'must be set together with the other VAPID key');
  if (publicKey) {
    if (!/^[A-Za-z0-9_-]{87}$/.test(publicKey))
      throw new ConfigError('VAPID_PUBLIC_KEY', 'must be a base64url P-256 public key (87 characters; npx web-push generate-vapid-keys)');
    if (!/^[A-Za-z0-9_-]{43}$/.test(privateKey)) throw new ConfigError('VAPID_PRIVATE_KEY', 'must be a base64url P-256 private key (43 characters)');
    return { publicKey, privateKey, subject };
  }
  if (production) return null;
  const file = resolve(process.cwd(), 'var', 'dev-vapid-keys.json');
  if (existsSync(file)) return { ...(JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string }), subject };
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const priv = ecdh.getPrivateKey();
  const pair = {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: Buffer.concat([Buffer.alloc(32 - priv.length), priv]).toString('base64url'),
  };
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(pair), { mode: 0o600 });
  return { ...pair, subject };
}

export function loadConfig(env: Env = process.env): AppConfig {
  const nodeEnv = str(env, 'NODE_ENV', 'development');
  const production = nodeEnv === 'production';
  const appUrl = url(env, 'APP_URL', 'http://localhost:3000', ['http:', 'https:']);

  const jwtSecret = env.JWT_SECRET ?? '';
  if (production && jwtSecret === '') throw new ConfigError('JWT_SECRET', 'is required in production');
  if (jwtSecret !== '' && jwtSecret.length < 16) throw new ConfigError('JWT_SECRET', 'must be at least 16 characters');
  if (production) requireStrongSecret('JWT_SECRET', jwtSecret);
  if (production && bool(env, 'TEST_MODE', false)) throw new ConfigError('TEST_MODE', 'must not be true in production (it opens the test-challenge route)');

  const corsRaw = env.CORS_ORIGINS;
  const corsOrigins = corsRaw
    ? corsRaw
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean)
    : [appUrl, 'http://localhost:5173'];
  for (const origin of corsOrigins) {
    if (!/^https?:\/\/[^/]+$/.test(origin)) throw new ConfigError('CORS_ORIGINS', `has an origin that is not scheme://host[:port] (got "${origin}")`);
  }

  const paymentsProvider = oneOf(env, 'PAYMENTS_PROVIDER', 'sandbox', ['sandbox', 'razorpay'] as const);
  if (production && paymentsProvider === 'sandbox')
    throw new ConfigError('PAYMENTS_PROVIDER', 'must be razorpay in production (the sandbox credits money without a real payment)');
  const payoutsProvider = oneOf(env, 'PAYOUTS_PROVIDER', 'sandbox', ['sandbox', 'razorpayx', 'manual'] as const);
  if (production && payoutsProvider === 'sandbox')
    throw new ConfigError('PAYOUTS_PROVIDER', 'must be razorpayx or manual in production (the sandbox pays nobody)');
  const keySecret = str(env, 'RAZORPAY_KEY_SECRET', production ? '' : 'sandbox_key_secret');
  const webhookSecret = str(env, 'RAZORPAY_WEBHOOK_SECRET', production ? '' : 'sandbox_webhook_secret');
  const keyId = str(env, 'RAZORPAY_KEY_ID', production ? '' : 'rzp_test_sandbox');
  if (paymentsProvider === 'razorpay') {
    for (const [n, v] of [
      ['RAZORPAY_KEY_ID', keyId],
      ['RAZORPAY_KEY_SECRET', keySecret],
      ['RAZORPAY_WEBHOOK_SECRET', webhookSecret],
    ]) {
      if (!v) throw new ConfigError(n, 'is required when PAYMENTS_PROVIDER=razorpay');
    }
  }
  // RazorpayX authenticates with the same key pair as Razorpay payments; separate variables only where they differ.
  const razorpayx = {
    razorpayxKeyId: str(env, 'RAZORPAYX_KEY_ID', keyId),
    razorpayxKeySecret: str(env, 'RAZORPAYX_KEY_SECRET', keySecret),
    razorpayxAccountNumber: str(env, 'RAZORPAYX_ACCOUNT_NUMBER', production ? '' : '2323230000000000'),
    razorpayxWebhookSecret: str(env, 'RAZORPAYX_WEBHOOK_SECRET', webhookSecret),
    razorpayxApiUrl: url(env, 'RAZORPAYX_API_URL', 'https://api.razorpay.com', ['http:', 'https:']),
    ifscApiUrl: url(env, 'IFSC_API_URL', 'https://ifsc.razorpay.com', ['http:', 'https:']),
    ifscApiTimeoutMs: int(env, 'IFSC_API_TIMEOUT_MS', 3000, 100, 30_000),
  };
  if (payoutsProvider === 'razorpayx') {
    for (const [n, v] of [
      ['RAZORPAYX_KEY_ID', razorpayx.razorpayxKeyId],
      ['RAZORPAYX_KEY_SECRET', razorpayx.razorpayxKeySecret],
      ['RAZORPAYX_ACCOUNT_NUMBER', razorpayx.razorpayxAccountNumber],
      ['RAZORPAYX_WEBHOOK_SECRET', razorpayx.razorpayxWebhookSecret],
    ]) {
      if (!v) throw new ConfigError(n, 'is required when PAYOUTS_PROVIDER=razorpayx');
    }
  }
  // The ledger chain's key: its own variable, else derived from JWT_SECRET (both live outside the database).
  const ledgerKeyRaw = str(env, 'LEDGER_HMAC_KEY', '');
  if (production && ledgerKeyRaw !== '') requireStrongSecret('LEDGER_HMAC_KEY', ledgerKeyRaw);
  const ledgerHmacKey = ledgerKeyRaw || (jwtSecret ? createHmac('sha256', jwtSecret).update('wakestake ledger chain').digest('hex') : devLedgerKey());
  const vapid = vapidKeys(env, production, str(env, 'MAIL_FROM', 'no-reply@localhost'));
  const smtpUrl = env.SMTP_URL ? url(env, 'SMTP_URL', '', ['smtp:', 'smtps:']) : null;
  const mailFrom = str(env, 'MAIL_FROM', 'no-reply@localhost');
  if (!/^[^\s@<>]+@[^\s@<>]+$|<[^\s@<>]+@[^\s@<>]+>$/.test(mailFrom)) throw new ConfigError('MAIL_FROM', `must be an email address (got "${mailFrom}")`);
  // /metrics carries deposit, payout and settlement figures, on the api's public port (and the worker's): never open in production.
  const metricsToken = env.METRICS_TOKEN || null;
  if (production && metricsToken === null)
    throw new ConfigError(
      'METRICS_TOKEN',
      'is required in production: set it to a long random secret (openssl rand -hex 32) and give Prometheus the same bearer token; without it GET /metrics would show deposit, payout and settlement figures to anyone',
    );
  if (production) requireStrongSecret('METRICS_TOKEN', metricsToken!);
  const pushServiceHosts = parsePushServiceHosts(str(env, 'PUSH_SERVICE_HOSTS', DEFAULT_PUSH_SERVICE_HOSTS), production);
  const pushAllowPrivateAddresses = bool(env, 'PUSH_ALLOW_PRIVATE_ADDRESSES', false);
  if (production && pushAllowPrivateAddresses)
    throw new ConfigError(
      'PUSH_ALLOW_PRIVATE_ADDRESSES',
      'must not be true in production (it lets push subscriptions reach private and loopback addresses); unset it',
    );
  const cron = str(env, 'SETTLEMENT_CRON', '0 9 * * *');
  if (cron.trim().split(/\s+/).length < 5) throw new ConfigError('SETTLEMENT_CRON', `must be a cron pattern such as "0 9 * * *" (got "${cron}")`);

  return Object.assign(new AppConfig(), {
    nodeEnv,
    port: int(env, 'PORT', 3000, 0, 65535),
    host: str(env, 'HOST', '0.0.0.0'),
    dbPoolSize: strictTuning(env, 'DB_POOL_SIZE'),
    dbConnectTimeoutMs: strictTuning(env, 'DB_CONNECT_TIMEOUT_MS'),
    settlementParts: strictTuning(env, 'SETTLEMENT_PARTS'),
    settlementConcurrency: strictTuning(env, 'SETTLEMENT_CONCURRENCY'),
    settlementChunkSize: strictTuning(env, 'SETTLEMENT_CHUNK_SIZE'),
    metricsRefreshMs: strictTuning(env, 'METRICS_REFRESH_MS'),
    databaseUrl: url(env, 'DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/wakeup', ['postgres:', 'postgresql:']),
    redisUrl: url(env, 'REDIS_URL', 'redis://127.0.0.1:6379', ['redis:', 'rediss:']),
    jwtSecret: jwtSecret || devJwtSecret(),
    jwtExpiresIn: str(env, 'JWT_EXPIRES_IN', '7d'),
    appTimezone: timezone(env, 'APP_TIMEZONE', 'Asia/Kolkata'),
    appUrl,
    testMode: bool(env, 'TEST_MODE', false),
    paymentsProvider,
    razorpayKeyId: keyId,
    razorpayKeySecret: keySecret,
    razorpayWebhookSecret: webhookSecret,
    payoutsProvider,
    ...razorpayx,
    apiDocs: bool(env, 'API_DOCS', !production),
    ledgerHmacKey,
    vapid,
    googleClientId: env.GOOGLE_CLIENT_ID || null,
    smtpUrl,
    mailFrom,
    mailDir: resolve(str(env, 'MAIL_DIR', 'var/mail')),
    corsOrigins,
    uploadsDir: resolve(str(env, 'UPLOADS_DIR', 'var/uploads')),
    settlementCron: cron,
    logLevel: oneOf(env, 'LOG_LEVEL', 'info', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const),
    clientDist: resolve(str(env, 'CLIENT_DIST', 'client/dist')),
    authRateLimit: int(env, 'AUTH_RATE_LIMIT', 10, 1, 1_000_000),
    authRateLimitIp: int(env, 'AUTH_RATE_LIMIT_IP', 10, 1, 1_000_000),
    trustProxyHops: int(env, 'TRUST_PROXY_HOPS', 0, 0, 10),
    redisPrefix: str(env, 'BULLMQ_PREFIX', 'wakestake'),
    metricsToken,
    pushServiceHosts,
    pushAllowPrivateAddresses,
    workerHealthPort: /^(off|false|none)$/i.test(env.WORKER_HEALTH_PORT ?? '') ? null : int(env, 'WORKER_HEALTH_PORT', nodeEnv === 'test' ? 0 : 9464, 0, 65535),
    workerHealthHost: str(env, 'WORKER_HEALTH_HOST', '0.0.0.0'),
    mailRetryDelayMs: int(env, 'MAIL_RETRY_DELAY_MS', 5_000, 10, 3_600_000),
    mailMaxAttempts: int(env, 'MAIL_MAX_ATTEMPTS', 300, 1, 100_000),
    settlementReceiptMail: bool(env, 'SETTLEMENT_RECEIPT_MAIL', false),
    poolMode: oneOf(env, 'POOL_MODE', 'pool', ['pool', 'pledge'] as const),
    charities: parseCharities(str(env, 'CHARITIES', '')),
    leaveDaysPerMonth: int(env, 'LEAVE_DAYS_PER_MONTH', 4, 0, 31),
    grievanceOfficer: grievanceOfficer(env),
    availabilityRecorder: oneOf(env, 'AVAILABILITY_RECORDER', nodeEnv === 'test' ? 'off' : 'on', ['on', 'manual', 'off'] as const),
  });
}

/** The grievance officer's contact; the defaults are placeholders (a reserved .example address) to be set before launch. */
function grievanceOfficer(env: Env): AppConfig['grievanceOfficer'] {
  const email = str(env, 'GRIEVANCE_OFFICER_EMAIL', 'grievance@wakestake.example');
  if (!/^[^\s@<>]+@[^\s@<>]+$/.test(email)) throw new ConfigError('GRIEVANCE_OFFICER_EMAIL', `must be an email address (got "${email}")`);
  return {
    name: str(env, 'GRIEVANCE_OFFICER_NAME', 'Grievance Officer, WakeStake').slice(0, 100),
    email,
    phone: env.GRIEVANCE_OFFICER_PHONE?.trim() || null,
    address: env.GRIEVANCE_OFFICER_ADDRESS?.trim() || null,
  };
}

/** Boot helper: one clear line naming the variable, then exit. */
export function loadConfigOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(e.message + '\n');
      process.exit(1);
    }
    throw e;
  }
}
