import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppConfig } from '../config/app-config.js';
import { CommonErrors } from './errors/common.errors.js';
import { toErrorBody } from './errors/http-exception.filter.js';
import { RedisService } from './redis.module.js';

/** An answer as the client saw it: replayed byte for byte on a retry with the same key. */
export interface IdempotentAnswer {
  status: number;
  body: unknown;
}

interface Entry {
  fp: string;
  answer?: IdempotentAnswer;
}

/** Kept at least a check-in window's length and a night either side (a morning's retries all land inside it). */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
/** A claimed key whose process died mid-request frees itself after this long. */
const CLAIM_TTL_SECONDS = 60;
const WAIT_POLL_MS = 25;
const WAIT_LIMIT_MS = 20_000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

const invalid = CommonErrors.idempotencyKeyInvalid;
const unavailable = CommonErrors.idempotencyUnavailable;

/** A stable fingerprint of a request's content: sorted JSON of its fields, plus any file's bytes. */
export function fingerprintOf(fields: unknown, file?: Buffer | null): string {
  const h = createHash('sha256').update(canonical(fields));
  if (file) h.update('\0file\0').update(file);
  return h.digest('hex');
}

function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

/**
 * `Idempotency-Key` for a route: the first request with a key claims it (SET NX) and does the work; its answer (2xx or
 * 4xx) is kept for a day and replayed to every later request with that key; a request arriving while the first is
 * still working waits for its answer. A 5xx is not kept: the claim is released so a retry may succeed. The same key
 * with different content is a 400.
 */
@Injectable()
export class IdempotencyStore {
  constructor(
    @Inject(RedisService) private readonly redis: RedisService,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  /** The header's value, or undefined when not sent; a malformed key is a 400. */
  static keyFrom(header: string | string[] | undefined): string | undefined {
    if (header === undefined) return undefined;
    const key = Array.isArray(header) ? header[0] : header;
    if (!KEY_PATTERN.test(key ?? '')) throw invalid('Idempotency-Key must be 1 to 255 visible ASCII characters (a UUID is best)');
    return key;
  }

  async run(scope: string, owner: string, key: string, fp: string, work: () => Promise<IdempotentAnswer>): Promise<IdempotentAnswer> {
    const redisKey = `${this.config.redisPrefix}:idempotency:${scope}:${owner}:${createHash('sha256').update(key).digest('hex')}`;
    const deadline = Date.now() + WAIT_LIMIT_MS;
    for (;;) {
      const claimed = await this.redisCall(() => this.redis.client.set(redisKey, JSON.stringify({ fp } satisfies Entry), 'EX', CLAIM_TTL_SECONDS, 'NX'));
      if (claimed === 'OK') return this.doWork(redisKey, fp, work);
      const raw = await this.redisCall(() => this.redis.client.get(redisKey));
      if (raw !== null) {
        const entry = JSON.parse(raw) as Entry;
        if (entry.fp !== fp) throw invalid('This Idempotency-Key was already used for a different request: send a new key for a new request');
        if (entry.answer) return entry.answer;
      }
      // Another request with this key is at work (or just released it after a 5xx): wait for its answer, or claim.
      if (Date.now() > deadline) throw unavailable();
      await sleep(WAIT_POLL_MS);
    }
  }

  private async doWork(redisKey: string, fp: string, work: () => Promise<IdempotentAnswer>): Promise<IdempotentAnswer> {
    let answer: IdempotentAnswer;
    try {
      answer = await work();
    } catch (e) {
      const body = toErrorBody(e);
      if (body.statusCode >= 500) {
        await this.redis.client.del(redisKey).catch(() => undefined); // expires by itself otherwise
        throw e;
      }
      answer = { status: body.statusCode, body };
    }
    // Kept even if Redis stumbles here: the work is done and its answer goes out (a retry then finds the check-in made).
    await this.redis.client
      .set(redisKey, JSON.stringify({ fp, answer } satisfies Entry), 'EX', IDEMPOTENCY_TTL_SECONDS)
      .catch(() => this.redis.client.del(redisKey).catch(() => undefined));
    return answer;
  }

  private async redisCall<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch {
      throw unavailable();
    }
  }
}
