import fc from 'fast-check';
import { computeSplit, estimatePoolShare, forfeitOf, poolSoFar, SplitInput } from './split.js';

const T0 = Date.parse('2026-11-22T00:00:00Z');
let seq = 0;
function ch(stakeRupees: number | bigint, ok: boolean, opts: Partial<SplitInput> = {}): SplitInput {
  seq += 1;
  const id = opts.id ?? `c${String(seq).padStart(4, '0')}`;
  return {
    id,
    userId: `u-${id}`,
    stake: typeof stakeRupees === 'bigint' ? stakeRupees : BigInt(Math.round(stakeRupees * 100)),
    isSuccessful: ok,
    createdAt: new Date(T0 + seq * 1000),
    ...opts,
  };
}
const line = (r: ReturnType<typeof computeSplit>, id: string) => r.lines.find((l) => l.challengeId === id)!;

describe('computeSplit: the rule', () => {
  it('refunds 85% of a missed stake and pools the rest', () => {
    const r = computeSplit([ch(100, false, { id: 'a' }), ch(100, true, { id: 'b' })]);
    expect(line(r, 'a')).toMatchObject({ refund: 8500n, pooled: 1500n, winnings: 0n, payout: 8500n });
    expect(line(r, 'b')).toMatchObject({ refund: 0n, pooled: 0n, winnings: 1500n, payout: 11500n });
    expect(r.totals).toMatchObject({
      participants: 2,
      successes: 1,
      failures: 1,
      pool: 1500n,
      sharesTotal: 1500n,
      platformRevenue: 0n,
      moneyIn: 20000n,
      moneyOut: 20000n,
    });
  });

  it('floors the refund in paise so refund + pooled is the stake exactly', () => {
    const r = computeSplit([ch(1n, false, { id: 'p1' }), ch(333n, false, { id: 'p333' }), ch(100n, true, { id: 'w' })]);
    expect(line(r, 'p1')).toMatchObject({ refund: 0n, pooled: 1n });
    expect(line(r, 'p333')).toMatchObject({ refund: 283n, pooled: 50n });
    expect(r.totals.pool).toBe(51n);
  });

  it("shares the pool pro rata to the winners' stakes", () => {
    const r = computeSplit([ch(200, false, { id: 'l' }), ch(100, true, { id: 'w1' }), ch(300, true, { id: 'w3' })]);
    // pool = 30 rupees; 1:3
    expect(line(r, 'w1').winnings).toBe(750n);
    expect(line(r, 'w3').winnings).toBe(2250n);
    expect(r.totals.roundingRemainderDistributed).toBe(0n);
  });

  it('gives the remaining paise to the largest remainders, ties to the earliest created', () => {
    // pool 1500 + 1 paise over three equal stakes: 500 each, the odd paisa to the earliest created
    const rows = [
      ch(100, false, { id: 'l1' }),
      ch(1n, false, { id: 'l2' }),
      ch(50, true, { id: 'late', createdAt: new Date(T0 + 3e6) }),
      ch(50, true, { id: 'early', createdAt: new Date(T0 + 1e6) }),
      ch(50, true, { id: 'mid', createdAt: new Date(T0 + 2e6) }),
    ];
    const r = computeSplit(rows);
    expect(r.totals.pool).toBe(1501n);
    expect(r.totals.roundingRemainderDistributed).toBe(1n);
    expect(line(r, 'early').winnings).toBe(501n);
    expect(line(r, 'mid').winnings).toBe(500n);
    expect(line(r, 'late').winnings).toBe(500n);
  });

  it('prefers a larger fractional remainder over an earlier creation', () => {
    const rows = [ch(66n, false, { id: 'l' }), ch(300, true, { id: 'a3', createdAt: new Date(T0) }), ch(400, true, { id: 'b4', createdAt: new Date(T0 + 10) })];
    const r = computeSplit(rows);
    expect(r.totals.pool).toBe(10n); // 66 − floor(66×0.85)=66−56
    // exact shares 10×3/7 = 4.285…, 10×4/7 = 5.714… → 4 and 5, remainder 1 to b4 (larger fraction)
    expect(line(r, 'a3').winnings).toBe(4n);
    expect(line(r, 'b4').winnings).toBe(6n);
  });

  it('sends the pool to platform revenue when nobody succeeded', () => {
    const r = computeSplit([ch(100, false), ch(50, false)]);
    expect(r.totals).toMatchObject({ successes: 0, pool: 2250n, sharesTotal: 0n, platformRevenue: 2250n, moneyIn: 15000n, moneyOut: 15000n });
  });

  it('returns every stake whole when everybody succeeded', () => {
    const r = computeSplit([ch(100, true), ch(50, true)]);
    expect(r.totals).toMatchObject({ pool: 0n, sharesTotal: 0n, platformRevenue: 0n });
    expect(r.lines.map((l) => l.payout)).toEqual([10000n, 5000n]);
  });

  it('settles an empty day to zeros', () => {
    expect(computeSplit([]).totals).toMatchObject({ participants: 0, pool: 0n, moneyIn: 0n, moneyOut: 0n });
  });

  it('numbers the lines by creation time', () => {
    const r = computeSplit([ch(1, true, { id: 'z', createdAt: new Date(T0) }), ch(1, true, { id: 'a', createdAt: new Date(T0 + 5) })]);
    expect(r.lines.map((l) => [l.lineNo, l.challengeId])).toEqual([
      [1, 'z'],
      [2, 'a'],
    ]);
  });

  it('refuses a duplicate challenge or a non-positive stake', () => {
    expect(() => computeSplit([ch(1, true, { id: 'x' }), ch(1, false, { id: 'x' })])).toThrow(/duplicate/);
    expect(() => computeSplit([ch(0n, true)])).toThrow(/positive/);
  });
});

describe('computeSplit: properties', () => {
  const row = fc.record({
    stake: fc.oneof(fc.bigInt({ min: 1n, max: 200n }), fc.bigInt({ min: 1000n, max: 2_500_000n })),
    ok: fc.boolean(),
    t: fc.integer({ min: 0, max: 50 }),
  });
  const day = fc
    .array(row, { maxLength: 60 })
    .map((rs) =>
      rs.map((r, i) => ({ id: `c${String(i).padStart(3, '0')}`, userId: `u${i}`, stake: r.stake, isSuccessful: r.ok, createdAt: new Date(T0 + r.t) })),
    );

  it('money out equals money in to the paisa', () => {
    fc.assert(
      fc.property(day, (rows) => {
        const r = computeSplit(rows);
        const payouts = r.lines.reduce((s, l) => s + l.payout, 0n);
        const stakes = rows.reduce((s, x) => s + x.stake, 0n);
        expect(payouts + r.totals.platformRevenue).toBe(stakes);
        expect(r.totals.moneyIn).toBe(stakes);
        expect(r.totals.moneyOut).toBe(stakes);
        for (const l of r.lines) if (!l.isSuccessful) expect(l.refund + l.pooled).toBe(l.stake);
        expect(r.totals.sharesTotal + r.totals.platformRevenue).toBe(r.totals.pool);
      }),
      { numRuns: 500 },
    );
  });

  it('no winner gets less than their stake, no loser less than 85% floored', () => {
    fc.assert(
      fc.property(day, (rows) => {
        for (const l of computeSplit(rows).lines) {
          if (l.isSuccessful) expect(l.payout >= l.stake).toBe(true);
          else expect(l.payout).toBe((l.stake * 85n) / 100n);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('shares are proportional to stakes within a paisa', () => {
    fc.assert(
      fc.property(day, (rows) => {
        const r = computeSplit(rows);
        const winners = r.lines.filter((l) => l.isSuccessful);
        const W = winners.reduce((s, l) => s + l.stake, 0n);
        for (const w of winners) {
          // |winnings − pool×stake/W| < 1  ⇔  |winnings×W − pool×stake| < W
          const diff = w.winnings * W - r.totals.pool * w.stake;
          expect(diff < W && -diff < W).toBe(true);
        }
        expect(r.totals.roundingRemainderDistributed < BigInt(Math.max(winners.length, 1))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('does not depend on the order of the rows', () => {
    fc.assert(
      fc.property(
        day.chain((rows) => fc.tuple(fc.constant(rows), fc.shuffledSubarray(rows, { minLength: rows.length, maxLength: rows.length }))),
        ([rows, shuffled]) => {
          expect(computeSplit(shuffled)).toEqual(computeSplit(rows));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('the estimate before settlement agrees with the split', () => {
  it('a failed stake forfeits what the split pools, and a winner’s estimate is its settled share floored', () => {
    const day = fc.array(fc.record({ rupees: fc.integer({ min: 10, max: 100 }), ok: fc.boolean() }), { minLength: 1, maxLength: 30 });
    fc.assert(
      fc.property(day, (rows) => {
        const input = rows.map((r) => ch(r.rupees, r.ok));
        const split = computeSplit(input);
        const groups = input.map((i) => ({ stake: i.stake, isSuccessful: i.isSuccessful, count: 1 }));
        const pool = poolSoFar(groups);
        expect(pool.pool).toBe(split.totals.pool);
        for (const l of split.lines) {
          if (!l.isSuccessful) expect(forfeitOf(l.stake)).toBe(l.pooled);
          else {
            const estimate = estimatePoolShare(pool, l.stake, false);
            expect(l.winnings - estimate >= 0n && l.winnings - estimate <= 1n).toBe(true);
          }
        }
      }),
    );
  });

  it('a challenge not checked in yet is estimated as joining the winners', () => {
    expect(estimatePoolShare({ pool: 1_500n, winnerStakes: 10_000n }, 5_000n, true)).toBe(500n);
    expect(estimatePoolShare({ pool: 1_500n, winnerStakes: 0n }, 5_000n, false)).toBe(0n);
  });
});
