import { netResultOf, SettledMorning } from './net-result.js';

describe('netResult: what a settled morning did to the wallet', () => {
  const settled = (o: Partial<SettledMorning>): SettledMorning => ({
    status: 'PROCESSED',
    isSuccessful: true,
    winningsAmount: 0n,
    actualForfeitAmount: 0n,
    forgivenReason: null,
    ...o,
  });
  it('is the pool share for a win, 0 when nobody missed', () => {
    expect(netResultOf(settled({ winningsAmount: 900n }))).toBe(9);
    expect(netResultOf(settled({ winningsAmount: 0n }))).toBe(0);
  });
  it('is minus the 15% a miss left', () => {
    expect(netResultOf(settled({ isSuccessful: false, actualForfeitAmount: 450n }))).toBe(-4.5);
  });
  it('is 0 for a forgiven or a returned stake (never -0)', () => {
    expect(Object.is(netResultOf(settled({ isSuccessful: false, forgivenReason: 'Our service was down', actualForfeitAmount: 0n })), 0)).toBe(true);
    expect(Object.is(netResultOf(settled({ isSuccessful: false, actualForfeitAmount: 0n })), 0)).toBe(true);
  });
  it('is null before settlement and for a cancelled challenge', () => {
    for (const status of ['PENDING', 'COMPLETED', 'CANCELLED'] as const) expect(netResultOf(settled({ status, winningsAmount: 900n }))).toBeNull();
  });
});
