import { parseRupees, toRupees } from './money.js';

describe('rupee amounts at the edge', () => {
  it('accepts at most two decimals and turns them into exact paise', () => {
    expect(parseRupees(25)).toBe(2500n);
    expect(parseRupees(0.1 + 0.2)).toBe(30n);
    expect(parseRupees(19.99)).toBe(1999n);
  });
  it('refuses fractional paise, non-numbers and infinities', () => {
    expect(parseRupees(10.001)).toBeNull();
    expect(parseRupees('10')).toBeNull();
    expect(parseRupees(Number.NaN)).toBeNull();
    expect(parseRupees(Infinity)).toBeNull();
  });
  it('turns paise back into rupees', () => {
    expect(toRupees(2125n)).toBe(21.25);
  });
});
