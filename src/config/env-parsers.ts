import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** The readers of the one configuration schema (loadConfig in app-config.ts): each names its variable in the error. */

export interface Charity {
  id: string;
  name: string;
}

/** `id:Display Name` pairs, comma-separated; ids [a-z0-9-]{2,40}, unique; names 1-80 characters without commas. */
export function parseCharities(raw: string): Charity[] {
  const list: Charity[] = [];
  for (const item of raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const m = /^([a-z0-9-]{2,40}):(.{1,80})$/.exec(item);
    if (!m || !m[2].trim())
      throw new ConfigError('CHARITIES', `must be comma-separated id:Display Name pairs with ids of 2-40 characters a-z, 0-9 or - (got "${item}")`);
    if (list.some((c) => c.id === m[1])) throw new ConfigError('CHARITIES', `lists ${m[1]} twice`);
    list.push({ id: m[1], name: m[2].trim() });
  }
  return list;
}

/** The platform, as a pledge-mode miss's destination reads when the operator keeps no charity list. */
export const NO_CHARITY_DESTINATION = 'WakeStake (no charity is configured)';

/**
 * Where a pledge-mode miss goes, as people read it: the operator's name for the charity (its id if it has since left
 * CHARITIES), or the platform (null).
 */
export function donationDestination(names: ReadonlyMap<string, string> | undefined, charityId: string | null | undefined): string {
  return charityId ? (names?.get(charityId) ?? charityId) : NO_CHARITY_DESTINATION;
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    reason: string,
  ) {
    super(`Configuration error: ${variable} ${reason}`);
  }
}

export type Env = Record<string, string | undefined>;

export function str(env: Env, name: string, fallback: string): string {
  const v = env[name];
  return v === undefined || v === '' ? fallback : v;
}

export function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(name, `must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return Number(raw);
}

export function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (/^(true|1|yes)$/i.test(raw)) return true;
  if (/^(false|0|no)$/i.test(raw)) return false;
  throw new ConfigError(name, `must be true or false (got "${raw}")`);
}

export function url(env: Env, name: string, fallback: string, protocols: string[]): string {
  const raw = str(env, name, fallback);
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, `must be a URL (got "${raw}")`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `must start with ${protocols.map((p) => p + '//').join(' or ')} (got "${raw}")`);
  }
  return raw.replace(/\/$/, '');
}

export function oneOf<T extends string>(env: Env, name: string, fallback: T, allowed: readonly T[]): T {
  const raw = str(env, name, fallback);
  if (!allowed.includes(raw as T)) throw new ConfigError(name, `must be one of ${allowed.join(', ')} (got "${raw}")`);
  return raw as T;
}

export function timezone(env: Env, name: string, fallback: string): string {
  const raw = str(env, name, fallback);
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: raw });
  } catch {
    throw new ConfigError(name, `must be an IANA time zone such as Asia/Kolkata (got "${raw}")`);
  }
  return raw;
}

/** A development secret kept under var/<name> so it survives restarts; production sets its variable. */
export function devSecret(name: string): string {
  const file = resolve(process.cwd(), 'var', name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export const PLACEHOLDER_SECRETS = ['change-me-to-a-long-random-secret'];

/** Production secrets: not a documented placeholder, at least 32 characters, and not visibly low in variety. */
export function requireStrongSecret(name: string, value: string): void {
  if (value === '') throw new ConfigError(name, 'is required in production');
  if (PLACEHOLDER_SECRETS.includes(value) || /change[-_ ]?me/i.test(value))
    throw new ConfigError(name, 'is a documented placeholder: set a long random secret (openssl rand -hex 32)');
  if (value.length < 32) throw new ConfigError(name, `must be at least 32 characters in production (got ${value.length})`);
  if (new Set(value).size < 10)
    throw new ConfigError(name, 'has too little variety (fewer than 10 distinct characters): use a random secret (openssl rand -hex 32)');
}
