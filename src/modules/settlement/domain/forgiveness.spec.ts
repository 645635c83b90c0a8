import fc from 'fast-check';
import { forgivenNote, forgivingOutage, overlaps, OutageSpan } from './forgiveness.js';
import { computePledgeSplit, computeSplit, SplitInput } from './split.js';

const at = (hhmm: string) => new Date(`2026-11-23T${hhmm}:00+05:30`);
const window = { opensAt: at('05:45'), closesAt: at('06:10') };
const outage = (id: string, kind: string, from: string, to: string | null): OutageSpan => ({ id, kind, startedAt: at(from), endedAt: to ? at(to) : null });

describe('forgiveness: the overlap rule', () => {
  it('forgives a miss whose window overlapped an outage', () => {
    expect(forgivingOutage({ isSuccessful: false, ...window }, [outage('o1', 'CHECKIN_ERRORS', '06:00', '06:03')])?.id).toBe('o1');
  });

  it('counts an outage that began before the window and ran into it, or is still going on', () => {
    expect(overlaps(window, outage('o', 'API_DOWN', '05:00', '05:46'))).toBe(true);
    expect(overlaps(window, outage('o', 'API_DOWN', '06:09', null))).toBe(true);
  });

  it('does not count an outage that ended as the window opened or began as it closed (half-open intervals)', () => {
    expect(overlaps(window, outage('o', 'API_DOWN', '05:30', '05:45'))).toBe(false);
    expect(overlaps(window, outage('o', 'API_DOWN', '06:10', '06:20'))).toBe(false);
  });

  it('never touches a successful check-in', () => {
    expect(forgivingOutage({ isSuccessful: true, ...window }, [outage('o1', 'API_DOWN', '06:00', '06:03')])).toBeNull();
  });

  it('does not forgive for a worker outage: a check-in never goes through the worker', () => {
    expect(forgivingOutage({ isSuccessful: false, ...window }, [outage('w', 'WORKER_DOWN', '05:00', '07:00')])).toBeNull();
  });

  it('names the earliest overlapping outage', () => {
    const found = forgivingOutage({ isSuccessful: false, ...window }, [
      outage('late', 'UPLOAD_FAILED', '06:05', '06:06'),
      outage('early', 'INCIDENT', '05:50', '05:55'),
    ]);
    expect(found?.id).toBe('early');
  });

  it('agrees with a brute-force check minute by minute', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 1, max: 120 }), fc.boolean(), (start, length, open) => {
        const base = at('04:00').getTime();
        const o = { startedAt: new Date(base + start * 60_000), endedAt: open ? null : new Date(base + (start + length) * 60_000) };
        let shared = false;
        for (let t = window.opensAt.getTime(); t < window.closesAt.getTime(); t += 60_000) {
          if (t + 60_000 > o.startedAt.getTime() && (o.endedAt === null || t < o.endedAt.getTime())) shared = true;
        }
        expect(overlaps(window, o)).toBe(shared);
      }),
    );
  });

  it('tells the user why, with the outage kind and its time in the app zone', () => {
    expect(forgivenNote(outage('o', 'CHECKIN_ERRORS', '06:00', '06:03'), 'Asia/Kolkata')).toBe(
      'Forgiven: our service was down during your window (check-ins were failing, 23 Nov 2026, 6:00 AM–6:03 AM IST)',
    );
    expect(forgivenNote(outage('o', 'API_DOWN', '05:50', '06:03'), 'Asia/Kolkata')).not.toMatch(/2026-11-23|05:50|06:03/);
  });
});

describe('forgiveness in the split', () => {
  const T0 = Date.parse('2026-11-22T00:00:00Z');
  const ch = (id: string, rupees: number, ok: boolean, forgivenBy: string | null = null, n = 0): SplitInput => ({
    id,
    userId: `u-${id}`,
    stake: BigInt(rupees * 100),
    isSuccessful: ok,
    createdAt: new Date(T0 + n * 1000),
    forgivenBy,
  });

  it('returns a forgiven miss its whole stake and leaves nothing to the pool', () => {
    const r = computeSplit([ch('f', 100, false, 'o1', 1), ch('l', 100, false, null, 2), ch('w', 50, true, null, 3)]);
    const f = r.lines.find((l) => l.challengeId === 'f')!;
    expect(f).toMatchObject({ refund: 10000n, pooled: 0n, winnings: 0n, payout: 10000n, forgivenBy: 'o1' });
    expect(r.totals).toMatchObject({ participants: 3, successes: 1, failures: 1, forgiven: 1, pool: 1500n, moneyIn: 25000n, moneyOut: 25000n });
  });

  it('pays everyone else exactly what they would get if the forgiven challenge were not in the day at all', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ stake: fc.integer({ min: 1000, max: 10000 }), ok: fc.boolean(), forgiven: fc.boolean() }), { minLength: 1, maxLength: 30 }),
        (rows) => {
          const input = rows.map(
            (r, i): SplitInput => ({
              id: `c${i}`,
              userId: `u${i}`,
              stake: BigInt(r.stake),
              isSuccessful: r.ok,
              createdAt: new Date(T0 + (i % 4) * 1000),
              forgivenBy: r.forgiven ? 'o' : null,
            }),
          );
          const withForgiveness = computeSplit(input);
          const without = computeSplit(input.filter((c) => c.isSuccessful || !c.forgivenBy));
          for (const l of without.lines) {
            const same = withForgiveness.lines.find((x) => x.challengeId === l.challengeId)!;
            expect([same.refund, same.pooled, same.winnings, same.payout]).toEqual([l.refund, l.pooled, l.winnings, l.payout]);
          }
          expect(withForgiveness.totals.moneyOut).toBe(withForgiveness.totals.moneyIn);
        },
      ),
    );
  });

  it('ignores forgivenBy on a success', () => {
    const r = computeSplit([ch('w', 100, true, 'o1'), ch('l', 100, false)]);
    expect(r.lines.find((l) => l.challengeId === 'w')).toMatchObject({ forgivenBy: null, winnings: 1500n });
  });

  it('donates nothing for a forgiven miss in pledge mode', () => {
    const r = computePledgeSplit([
      { ...ch('f', 100, false, 'o1'), charityId: 'cry' },
      { ...ch('l', 100, false, null, 1), charityId: 'cry' },
    ]);
    expect(r.lines[0]).toMatchObject({ refund: 10000n, pooled: 0n, charityId: null, forgivenBy: 'o1' });
    expect(r.totals).toMatchObject({ donated: 1500n, forgiven: 1, failures: 1, moneyIn: 20000n, moneyOut: 20000n });
    expect(r.totals.donations).toEqual([{ charityId: 'cry', challenges: 1, amount: 1500n }]);
  });
});
