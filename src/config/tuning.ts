import { int, type Env } from './env-parsers.js';

/**
 * Whole-number settings some code reads when a class is declared (a decorator's options: the settlement processor's
 * concurrency, the metrics timer), i.e. before the boot has validated anything, or in a process without AppConfig
 * (the TypeORM CLI). Declared here once: loadConfig refuses a bad value at boot with one line naming the variable;
 * `tuning` (the early reader) falls back to the default instead of throwing at import time.
 */
export const TUNING = {
  /** Child jobs a settle-date job splits a day into, by user-id range (1: the whole day in the settle-date job). */
  SETTLEMENT_PARTS: { fallback: 1, min: 1, max: 64 },
  /** Settlement jobs (a day, or a part of one) one worker process runs at once. */
  SETTLEMENT_CONCURRENCY: { fallback: 2, min: 1, max: 16 },
  /** Settlement lines paid per database transaction. */
  SETTLEMENT_CHUNK_SIZE: { fallback: 2000, min: 1, max: 10_000 },
  /** How often /metrics reads its database and queue figures (ms). */
  METRICS_REFRESH_MS: { fallback: 15_000, min: 100, max: 3_600_000 },
  /** PostgreSQL connections per process. */
  DB_POOL_SIZE: { fallback: 20, min: 1, max: 1000 },
  /** How long opening a PostgreSQL connection may take (ms). */
  DB_CONNECT_TIMEOUT_MS: { fallback: 3000, min: 100, max: 600_000 },
} as const;

export type TuningName = keyof typeof TUNING;

/** The boot's reading: a value outside the declared range is a ConfigError naming the variable. */
export function strictTuning(env: Env, name: TuningName): number {
  const { fallback, min, max } = TUNING[name];
  return int(env, name, fallback, min, max);
}

/** The early reading (read when asked, so a test may change it between apps): anything invalid is the default. */
export function tuning(name: TuningName, env: Env = process.env): number {
  const { fallback, min, max } = TUNING[name];
  const n = Number(env[name] ?? fallback);
  return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
}
