import { createHmac, KeyObject, timingSafeEqual } from 'node:crypto';

/** Three base64url segments, the signature not empty (the shape jws accepts, minus unsigned tokens). */
const COMPACT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/**
 * Verifies an HS256 compact JWT as jsonwebtoken does with `algorithms: ['HS256']` and no other option: the header's
 * `alg` must be HS256, the signature an HMAC-SHA256 of `header.payload` with the key, the payload a JSON object whose
 * `exp` (when present) is a number still ahead of the clock and whose `nbf` (when present) is a number not ahead of it.
 * Null for anything else. Written out because jsonwebtoken's own path (jws streams, an algorithm table, option
 * checks on every call) was most of the 6 AM rush's authentication cost.
 */
export class Hs256Verifier {
  /** The header segments seen to say HS256 (every token this server signs shares one); a few at most. */
  private readonly goodHeaders = new Set<string>();

  constructor(private readonly key: KeyObject) {}

  verify(token: string, nowSeconds = Math.floor(Date.now() / 1000)): Record<string, unknown> | null {
    if (token.length > 8192 || !COMPACT.test(token)) return null;
    const firstDot = token.indexOf('.');
    const lastDot = token.lastIndexOf('.');
    const header = token.slice(0, firstDot);
    if (!this.isHs256(header)) return null;
    const given = Buffer.from(token.slice(lastDot + 1), 'utf8');
    const want = Buffer.from(createHmac('sha256', this.key).update(token.slice(0, lastDot)).digest('base64url'), 'utf8');
    if (given.length !== want.length || !timingSafeEqual(given, want)) return null;
    const payload = parseJson(token.slice(firstDot + 1, lastDot));
    if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) return null;
    const { exp, nbf } = payload as { exp?: unknown; nbf?: unknown };
    if (exp !== undefined && (typeof exp !== 'number' || nowSeconds >= exp)) return null;
    if (nbf !== undefined && (typeof nbf !== 'number' || nbf > nowSeconds)) return null;
    return payload as Record<string, unknown>;
  }

  private isHs256(segment: string): boolean {
    if (this.goodHeaders.has(segment)) return true;
    const header = parseJson(segment) as { alg?: unknown } | null;
    if (!header || typeof header !== 'object' || header.alg !== 'HS256') return false;
    if (this.goodHeaders.size < 8) this.goodHeaders.add(segment);
    return true;
  }
}

function parseJson(segment: string): unknown {
  try {
    return JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
}
