import { randomFillSync } from 'node:crypto';
import { v7 } from 'uuid';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a canonical UUID (any version, either case): ids from the URL are checked before they reach a uuid column. */
export const isUuid = (s: string): boolean => UUID.test(s);

// The package draws 16 random bytes per id through crypto.getRandomValues (7-16 µs an id on this machine, a tenth of a
// deposit's own CPU): they are drawn here 256 ids at a time and handed to it with the millisecond and sequence it
// would have used itself (its own rule: a random 31-bit start each millisecond, +1 within it, the next millisecond
// borrowed on overflow), so ids stay ordered within a millisecond and after a clock step back.
const POOL_IDS = 256;
const pool = new Uint8Array(16 * POOL_IDS);
let poolAt = POOL_IDS;
const state = { msecs: -Infinity, seq: 0 };

/** Time-ordered ids (RFC 9562 v7): rows keyed by them append at the right edge of their B-tree indexes, not at random pages. */
export function uuid7(): string {
  if (poolAt === POOL_IDS) {
    randomFillSync(pool);
    poolAt = 0;
  }
  const random = pool.subarray(poolAt * 16, ++poolAt * 16);
  const now = Date.now();
  if (now > state.msecs) {
    state.msecs = now;
    state.seq = ((random[6] & 0x7f) << 24) | (random[7] << 16) | (random[8] << 8) | random[9];
  } else if ((state.seq = (state.seq + 1) | 0) === 0) {
    state.msecs++;
  }
  return v7({ random, msecs: state.msecs, seq: state.seq });
}
