/**
 * The environment of an api or worker process a test spawns: the run's database, Redis, BullMQ prefix and ledger key
 * (global-setup sets them once, so rows a child writes verify in the test's own app), a test JWT secret and quiet
 * logs; `overrides` win.
 */
export function childEnv(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'test',
    DATABASE_URL: process.env.DATABASE_URL ?? '',
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    BULLMQ_PREFIX: process.env.BULLMQ_PREFIX ?? 'wakestake',
    LEDGER_HMAC_KEY: process.env.LEDGER_HMAC_KEY ?? '',
    DB_CONNECT_TIMEOUT_MS: process.env.DB_CONNECT_TIMEOUT_MS ?? '3000',
    JWT_SECRET: 'test-secret-test-secret-test-secret',
    LOG_LEVEL: 'silent',
    ...overrides,
  };
}
