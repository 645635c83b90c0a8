import { changeCap, COOLING_OFF_MS, endPauseEarly, limitsAt, monthRange, NO_LIMITS, stakeLimitProblem, startPause, capProblem } from './self-limits.js';

const NOW = new Date('2026-11-26T04:30:00Z'); // 10:00 IST
const later = (ms: number) => new Date(NOW.getTime() + ms);
const DAY = 24 * 60 * 60 * 1000;
const check = (limits = NO_LIMITS, monthStaked = 0n, stake = 2_500n, now = NOW) =>
  stakeLimitProblem(limits, { date: '2026-11-28', stake, monthStaked, now, tz: 'Asia/Kolkata' });

describe('self-limits', () => {
  it('a first cap and a lower cap hold at once', () => {
    const first = changeCap(NO_LIMITS, 10_000n, NOW);
    expect(first).toEqual({ monthlyCap: 10_000n, pendingCap: null, pauseUntil: null });
    expect(changeCap(first, 5_000n, NOW).monthlyCap).toBe(5_000n);
  });

  it('a higher cap, or no cap, holds only 24 hours later', () => {
    const capped = changeCap(NO_LIMITS, 10_000n, NOW);
    for (const higher of [20_000n, null]) {
      const raised = changeCap(capped, higher, NOW);
      expect(raised.monthlyCap).toBe(10_000n);
      expect(raised.pendingCap).toEqual({ value: higher, effectiveAt: later(COOLING_OFF_MS) });
      expect(limitsAt(raised, later(COOLING_OFF_MS - 1)).monthlyCap).toBe(10_000n);
      expect(limitsAt(raised, later(COOLING_OFF_MS)).monthlyCap).toBe(higher);
    }
  });

  it('lowering again, or asking for the cap in force, drops a pending raise', () => {
    const raised = changeCap(changeCap(NO_LIMITS, 10_000n, NOW), 20_000n, NOW);
    expect(changeCap(raised, 8_000n, later(1000))).toEqual({ monthlyCap: 8_000n, pendingCap: null, pauseUntil: null });
    expect(changeCap(raised, 10_000n, later(1000))).toEqual({ monthlyCap: 10_000n, pendingCap: null, pauseUntil: null });
  });

  it('a pause starts at once, may lengthen but never shorten, and ends early only 24 hours after asking', () => {
    const paused = startPause(NO_LIMITS, 30, NOW);
    expect(paused.pauseUntil).toEqual(later(30 * DAY));
    expect(startPause(paused, 7, NOW).pauseUntil).toEqual(later(30 * DAY));
    expect(endPauseEarly(paused, NOW)?.pauseUntil).toEqual(later(COOLING_OFF_MS));
    // a pause ending within the day keeps its own end
    expect(endPauseEarly(paused, later(30 * DAY - 3_600_000))?.pauseUntil).toEqual(later(30 * DAY));
    expect(endPauseEarly(NO_LIMITS, NOW)).toBeNull();
    expect(limitsAt(paused, later(30 * DAY)).pauseUntil).toBeNull();
  });

  it('refuses a stake during a pause and one that takes the month over the cap, naming what is left', () => {
    expect(check()).toBeNull();
    expect(check(startPause(NO_LIMITS, 7, NOW))).toBe('You are on a cooling-off pause until 3 Dec 2026, 10:00 AM IST: no new stakes until then');
    const capped = changeCap(NO_LIMITS, 10_000n, NOW);
    expect(check(capped, 7_500n, 2_500n)).toBeNull();
    expect(check(capped, 8_000n, 2_500n)).toBe('This stake would go over your monthly limit of ₹100 for November 2026: ₹80 is already staked, ₹20 left');
  });

  it('months run from the first to the first, across a year end', () => {
    expect(monthRange('2026-11-28')).toEqual({ from: '2026-11-01', to: '2026-12-01' });
    expect(monthRange('2026-12-31')).toEqual({ from: '2026-12-01', to: '2027-01-01' });
  });

  it('a cap is whole rupees from ₹10 to ₹3,100', () => {
    expect(capProblem(null)).toBeNull();
    expect(capProblem(1_000n)).toBeNull();
    expect(capProblem(310_000n)).toBeNull();
    for (const bad of [900n, 1_050n, 310_100n]) expect(capProblem(bad)).toMatch(/^monthlyStakeCap must be a whole number of rupees from ₹10 to ₹3,100/);
  });
});
