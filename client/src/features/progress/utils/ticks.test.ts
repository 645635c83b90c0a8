import { describe, expect, it } from 'vitest';
import { CLOCK_STEPS, fromTop, MONEY_STEPS, niceAxis } from './ticks';

describe('niceAxis', () => {
  it('covers money from zero with round steps', () => {
    expect(niceAxis(0, 1000, MONEY_STEPS)).toEqual({ min: 0, max: 1000, ticks: [0, 500, 1000] });
    expect(niceAxis(0, 57, MONEY_STEPS)).toEqual({ min: 0, max: 60, ticks: [0, 20, 40, 60] });
    expect(niceAxis(0, 1, MONEY_STEPS)).toEqual({ min: 0, max: 1, ticks: [0, 1] });
    expect(niceAxis(0, 123_456, MONEY_STEPS).ticks).toEqual([0, 50_000, 100_000, 150_000]);
  });

  it('gives an empty range one step', () => {
    expect(niceAxis(0, 0, MONEY_STEPS)).toEqual({ min: 0, max: 1, ticks: [0, 1] });
    expect(niceAxis(360, 360, CLOCK_STEPS)).toEqual({ min: 360, max: 375, ticks: [360, 375] });
  });

  it('covers wake-up times with quarter hours, half hours or hours', () => {
    // 05:37 to 06:15, padded by a quarter of an hour either side
    expect(niceAxis(337 - 15, 375 + 15, CLOCK_STEPS)).toEqual({ min: 300, max: 390, ticks: [300, 330, 360, 390] });
    expect(niceAxis(345, 375, CLOCK_STEPS)).toEqual({ min: 345, max: 375, ticks: [345, 360, 375] });
    const wide = niceAxis(240, 600, CLOCK_STEPS);
    expect(wide.ticks.every((t) => t % 60 === 0 || t % 120 === 0)).toBe(true);
    expect(wide.min).toBeLessThanOrEqual(240);
    expect(wide.max).toBeGreaterThanOrEqual(600);
    expect(wide.ticks.length).toBeLessThanOrEqual(5);
  });

  it('always holds both ends in at most `most` intervals', () => {
    for (const [lo, hi] of [
      [0, 7],
      [3, 3_999],
      [-50, 50],
      [300, 301],
      [0, 9_999_999],
    ]) {
      const axis = niceAxis(lo, hi, MONEY_STEPS);
      expect(axis.min).toBeLessThanOrEqual(lo);
      expect(axis.max).toBeGreaterThanOrEqual(hi);
      expect(axis.ticks.length - 1).toBeLessThanOrEqual(4);
      expect(axis.ticks[0]).toBe(axis.min);
      expect(axis.ticks.at(-1)).toBe(axis.max);
    }
  });

  it('gives numbers it cannot place a plain axis', () => {
    expect(niceAxis(0, Number.NaN, MONEY_STEPS)).toEqual({ min: 0, max: 1, ticks: [0, 1] });
    expect(niceAxis(0, Number.POSITIVE_INFINITY, MONEY_STEPS)).toEqual({ min: 0, max: 1, ticks: [0, 1] });
  });

  it('places values from the top', () => {
    const axis = niceAxis(0, 100, MONEY_STEPS);
    expect(fromTop(axis, 100)).toBe(0);
    expect(fromTop(axis, 0)).toBe(1);
    expect(fromTop(axis, 50)).toBe(0.5);
  });
});
