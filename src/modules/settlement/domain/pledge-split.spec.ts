import fc from 'fast-check';
import { computePledgeSplit, computeSplit, PledgeSplitInput } from './split.js';

const T0 = Date.parse('2026-11-22T00:00:00Z');
const ch = (id: string, paise: bigint, ok: boolean, charityId: string | null, at = 0): PledgeSplitInput => ({
  id,
  userId: `u-${id}`,
  stake: paise,
  isSuccessful: ok,
  createdAt: new Date(T0 + at),
  charityId,
});

describe("computePledgeSplit: nobody wins anyone else's money", () => {
  it('gives a success exactly its stake back and donates 15% of a miss to its charity', () => {
    const r = computePledgeSplit([ch('w', 10000n, true, 'goonj', 1), ch('l', 20000n, false, 'goonj', 2)]);
    expect(r.lines).toEqual([
      expect.objectContaining({ lineNo: 1, challengeId: 'w', refund: 0n, pooled: 0n, winnings: 0n, payout: 10000n, charityId: null }),
      expect.objectContaining({ lineNo: 2, challengeId: 'l', refund: 17000n, pooled: 3000n, winnings: 0n, payout: 17000n, charityId: 'goonj' }),
    ]);
    expect(r.totals).toMatchObject({ pool: 0n, sharesTotal: 0n, platformRevenue: 0n, donated: 3000n, moneyIn: 30000n, moneyOut: 30000n });
    expect(r.totals.donations).toEqual([{ charityId: 'goonj', challenges: 1, amount: 3000n }]);
  });

  it('sends a miss with no charity to platform revenue, and refunds exactly what pool mode refunds', () => {
    const rows = [ch('a', 333n, false, null), ch('b', 101n, false, 'cry', 1), ch('c', 5000n, true, 'cry', 2)];
    const r = computePledgeSplit(rows);
    const pool = computeSplit(rows);
    expect(r.lines.map((l) => l.refund)).toEqual(pool.lines.map((l) => l.refund));
    expect(r.totals.platformRevenue).toBe(50n);
    expect(r.totals.donations).toEqual([{ charityId: 'cry', challenges: 1, amount: 16n }]);
  });

  it('adds up to the paisa for any day: payouts + donations + platform = stakes, per-charity sums = forfeits', () => {
    const charity = fc.constantFrom(null, 'a1', 'b2', 'c3');
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.bigInt(1n, 1_000_000n), fc.boolean(), charity), { maxLength: 60 }), (specs) => {
        const rows = specs.map(([s, ok, c], i) => ch(`c${i}`, s, ok, c, i));
        const r = computePledgeSplit(rows);
        let forfeits = 0n;
        for (const l of r.lines) {
          if (l.isSuccessful) expect(l.payout).toBe(l.stake);
          else forfeits += l.stake - l.refund;
        }
        const perCharity = r.totals.donations.reduce((s, d) => s + d.amount, 0n);
        expect(perCharity).toBe(r.totals.donated);
        expect(r.totals.donated + r.totals.platformRevenue).toBe(forfeits);
        expect(r.totals.moneyOut).toBe(r.totals.moneyIn);
      }),
    );
  });
});
