import { Inject, Injectable, Logger } from '@nestjs/common';
import type { AppConfig } from '../../../../config/app-config.js';

/** Where the IFSC directory lives (Razorpay's public IFSC API, or a local server in tests) and how long a lookup may take. */
export class IfscConfig {
  constructor(
    readonly baseUrl: string,
    readonly timeoutMs: number,
  ) {}

  /** From the boot-checked configuration (IFSC_API_URL, default https://ifsc.razorpay.com; IFSC_API_TIMEOUT_MS, default 3000). */
  static of(config: Pick<AppConfig, 'ifscApiUrl' | 'ifscApiTimeoutMs'>): IfscConfig {
    return new IfscConfig(config.ifscApiUrl.replace(/\/+$/, ''), config.ifscApiTimeoutMs);
  }
}

/** One bank branch, as the directory describes it. */
export interface IfscBranch {
  ifsc: string;
  bank: string;
  branch: string;
  city: string;
  state: string;
  address: string;
}

/** found: the branch; missing: the directory has no such code; unavailable: no answer (down, slow, or garbled). */
export type IfscLookup = { kind: 'found'; branch: IfscBranch } | { kind: 'missing' } | { kind: 'unavailable'; why: string };

const FOUND_TTL_MS = 24 * 60 * 60_000;
const MISSING_TTL_MS = 60 * 60_000;
const CACHE_SIZE = 5_000;

const field = (v: unknown, max = 300): string => (typeof v === 'string' ? v.trim().slice(0, max) : '');

/**
 * The IFSC directory adapter: GET {baseUrl}/{IFSC} answers 200 with BANK, BRANCH, CITY, STATE, ADDRESS, IFSC... or 404.
 * Answers (found or missing) are cached in memory for a while; an unreachable directory is never cached.
 */
@Injectable()
export class IfscDirectory {
  private readonly logger = new Logger('IfscDirectory');
  private readonly cache = new Map<string, { at: number; value: Exclude<IfscLookup, { kind: 'unavailable' }> }>();

  constructor(@Inject(IfscConfig) private readonly config: IfscConfig) {}

  /** `code` must already be a well-formed IFSC (uppercase). */
  async lookup(code: string): Promise<IfscLookup> {
    const hit = this.cache.get(code);
    if (hit && Date.now() - hit.at < (hit.value.kind === 'found' ? FOUND_TTL_MS : MISSING_TTL_MS)) return hit.value;
    const answer = await this.fetch(code);
    if (answer.kind !== 'unavailable') this.remember(code, answer);
    return answer;
  }

  private remember(code: string, value: Exclude<IfscLookup, { kind: 'unavailable' }>): void {
    this.cache.delete(code);
    if (this.cache.size >= CACHE_SIZE) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(code, { at: Date.now(), value });
  }

  private async fetch(code: string): Promise<IfscLookup> {
    try {
      const res = await fetch(`${this.config.baseUrl}/${encodeURIComponent(code)}`, {
        headers: { Accept: 'application/json' },
        signal: AbortSignal.timeout(this.config.timeoutMs),
      });
      if (res.status === 404) {
        await res.body?.cancel();
        return { kind: 'missing' };
      }
      if (!res.ok) {
        await res.body?.cancel();
        return this.unavailable(code, `the directory answered ${res.status}`);
      }
      const body = (await res.json()) as Record<string, unknown>;
      const bank = field(body.BANK, 100);
      if (!bank || field(body.IFSC, 11).toUpperCase() !== code) return this.unavailable(code, 'the directory answered something else');
      return {
        kind: 'found',
        branch: { ifsc: code, bank, branch: field(body.BRANCH, 150), city: field(body.CITY, 100), state: field(body.STATE, 100), address: field(body.ADDRESS) },
      };
    } catch (e) {
      const err = e as Error;
      return this.unavailable(code, err.name === 'TimeoutError' ? `no answer within ${this.config.timeoutMs} ms` : err.message);
    }
  }

  private unavailable(code: string, why: string): IfscLookup {
    this.logger.warn(`IFSC lookup of ${code} failed: ${why}`);
    return { kind: 'unavailable', why };
  }
}
