import { hammingDistance, PHOTO_MATCH_MAX_DISTANCE } from '../../shared/domain/same-picture.js';
import { FingerprintIndex } from './fingerprint-index.js';

/** 64-bit values from a seeded generator (signed, as PostgreSQL's bigint holds a dHash). */
function hashes(n: number, seed = 1): bigint[] {
  let x = BigInt(seed);
  const out: bigint[] = [];
  for (let i = 0; i < n; i++) {
    x = (x * 6364136223846793005n + 1442695040888963407n) & 0xffff_ffff_ffff_ffffn;
    out.push(BigInt.asIntN(64, x));
  }
  return out;
}

const flip = (h: bigint, bits: number[]): bigint => bits.reduce((v, b) => BigInt.asIntN(64, v ^ (1n << BigInt(b))), h);

describe('FingerprintIndex', () => {
  it('proposes exactly the held dHashes within the match distance, whatever their sign, past several growths', () => {
    const index = new FingerprintIndex();
    const stored = hashes(5000);
    index.add(stored.map((dhash, i) => ({ seq: i + 1, dhash })));
    expect(index.count).toBe(5000);
    const every = (n: number, step: number): number[] => Array.from({ length: n }, (_, i) => i * step);
    const atThreshold = flip(stored[4999], every(PHOTO_MATCH_MAX_DISTANCE, 5));
    const oneBitPast = flip(stored[77], every(PHOTO_MATCH_MAX_DISTANCE + 1, 4));
    for (const [k, query] of [flip(stored[10], [0, 5, 31, 32, 63]), atThreshold, oneBitPast, 0n, -1n].entries()) {
      const expected = stored.flatMap((h, i) => (hammingDistance(h, query) <= PHOTO_MATCH_MAX_DISTANCE ? [i + 1] : []));
      expect([k, index.near(query)]).toEqual([k, expected]);
    }
    expect(index.near(atThreshold)).toContain(5000);
    expect(index.near(oneBitPast)).not.toContain(78);
  });

  it('keeps the last sequence number, skips rows it already holds, and forgets everything on clear', () => {
    const index = new FingerprintIndex();
    const [a, b, c] = hashes(3, 9);
    index.add([
      { seq: 3, dhash: a },
      { seq: 7, dhash: b },
    ]);
    index.add([
      { seq: 7, dhash: b },
      { seq: 8, dhash: c },
    ]);
    expect([index.last, index.count]).toEqual([8, 3]);
    expect(index.near(b)).toEqual([7]);
    index.clear();
    expect([index.last, index.count, index.near(b)]).toEqual([0, 0, []]);
  });
});
