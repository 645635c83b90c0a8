import { randomFillSync } from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a canonical UUID (any version, either case): ids from the URL are checked before they reach a uuid column. */
export const isUuid = (s: string): boolean => UUID.test(s);

let lastMs = 0;
let counter = 0;
// random bytes drawn 256 ids at a time (one system call per batch, as crypto.randomUUID does)
const POOL_IDS = 256;
const pool = Buffer.alloc(16 * POOL_IDS);
let poolAt = POOL_IDS;

/**
 * A time-ordered UUID (RFC 9562 version 7: 48-bit Unix milliseconds, 12-bit sequence within the millisecond, 62 random
 * bits). Rows keyed by it are appended at the right edge of their B-tree indexes instead of at random pages, so the
 * journal's and the notifications' indexes stay cache-friendly however large they grow (a random v4 key dirties a
 * random leaf page per insert).
 */
export function uuid7(now = Date.now()): string {
  if (now > lastMs) {
    lastMs = now;
    counter = 0;
  } else if (++counter > 0xfff) {
    // more than 4096 ids in one millisecond: borrow the next millisecond (still ordered, still unique)
    lastMs += 1;
    counter = 0;
  }
  if (poolAt === POOL_IDS) {
    randomFillSync(pool);
    poolAt = 0;
  }
  const b = pool.subarray(poolAt * 16, ++poolAt * 16);
  const ms = lastMs;
  b[0] = Math.floor(ms / 2 ** 40) & 0xff;
  b[1] = Math.floor(ms / 2 ** 32) & 0xff;
  b[2] = (ms >>> 24) & 0xff;
  b[3] = (ms >>> 16) & 0xff;
  b[4] = (ms >>> 8) & 0xff;
  b[5] = ms & 0xff;
  b[6] = 0x70 | (counter >>> 8);
  b[7] = counter & 0xff;
  b[8] = 0x80 | (b[8] & 0x3f);
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
