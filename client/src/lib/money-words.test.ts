import { describe, expect, it } from 'vitest';
import {
  formatSignedINR,
  grossLines,
  morningOutcome,
  netResultOf,
  settledWords,
  transactionTitle,
  withdrawalBreakdown,
  type MoneyChallenge,
} from './money-words';

const settled = (c: Partial<MoneyChallenge>): MoneyChallenge => ({
  status: 'PROCESSED',
  forfeitAmount: 25,
  isSuccessful: true,
  poolShare: 0,
  winningsAmount: 25,
  actualForfeitAmount: 0,
  ...c,
});

describe('formatSignedINR', () => {
  it('signs gains and losses with a real minus, and zero with nothing', () => {
    expect(formatSignedINR(9)).toBe('+₹9');
    expect(formatSignedINR(-4.5)).toBe('−₹4.50');
    expect(formatSignedINR(0)).toBe('₹0');
    expect(formatSignedINR(-0.004)).toBe('₹0');
    expect(formatSignedINR(3.75)).toBe('+₹3.75');
  });
});

describe('one settled morning, one story', () => {
  it('a win with nobody missing: stake back, winnings ₹0, net ₹0 (never "You won")', () => {
    const c = settled({ poolShare: 0, winningsAmount: 25, netResult: 0 });
    expect(settledWords(c)).toBe('Stake back ₹25 · winnings ₹0');
    expect(netResultOf(c)).toBe(0);
    expect(settledWords(c)).not.toMatch(/won/i);
  });
  it('a win with a share: the net is the share, the gross is stake back + share', () => {
    const c = settled({ forfeitAmount: 50, poolShare: 9, winningsAmount: 59, netResult: 9 });
    expect(settledWords(c)).toBe('Stake back ₹50 · winnings ₹9');
    expect(formatSignedINR(netResultOf(c)!)).toBe('+₹9');
    expect(grossLines(c)).toEqual([
      { label: 'Staked', amount: '−₹50' },
      { label: 'Stake back', amount: '+₹50' },
      { label: 'Winnings', amount: '+₹9' },
    ]);
  });
  it('a miss: what came back and what went to the pool; net minus the kept part', () => {
    const c = settled({ forfeitAmount: 40, isSuccessful: false, poolShare: 0, winningsAmount: 0, actualForfeitAmount: 6, netResult: -6 });
    expect(settledWords(c)).toBe('₹34 back · ₹6 to the pool');
    expect(formatSignedINR(netResultOf(c)!)).toBe('−₹6');
  });
  it('a pledge miss names where the kept part was donated', () => {
    const c = settled({ forfeitAmount: 30, isSuccessful: false, actualForfeitAmount: 4.5, poolMode: 'pledge', donationTo: 'Akshaya Patra' });
    expect(settledWords(c)).toBe('₹25.50 back · ₹4.50 donated to Akshaya Patra');
    expect(netResultOf(c)).toBe(-4.5);
  });
  it('a forgiven morning: the whole stake back, net ₹0', () => {
    const c = settled({ isSuccessful: false, forgivenReason: 'Our service was down', actualForfeitAmount: 0 });
    expect(morningOutcome(c)).toBe('FORGIVEN');
    expect(settledWords(c)).toBe('Whole stake back ₹25');
    expect(netResultOf(c)).toBe(0);
  });
  it('works the net out from the settled fields when an answer lacks netResult', () => {
    expect(netResultOf(settled({ poolShare: null, winningsAmount: 28.75 }))).toBe(3.75);
    expect(netResultOf(settled({ isSuccessful: false, actualForfeitAmount: 3.75 }))).toBe(-3.75);
  });
  it('says nothing of money before settlement', () => {
    const c = settled({ status: 'COMPLETED', netResult: null });
    expect(netResultOf(c)).toBeNull();
    expect(settledWords(c)).toBeNull();
  });
  it('the server’s netResult wins over the worked-out one', () => {
    expect(netResultOf(settled({ poolShare: 3, netResult: 2.5 }))).toBe(2.5);
  });
});

describe('wallet lines', () => {
  it('a won stake is "Stake back", never a refund that reads like a cancel', () => {
    expect(transactionTitle({ type: 'REFUND', amount: 25, description: 'Stake returned: challenge completed' })).toBe('Stake back');
    expect(transactionTitle({ type: 'REFUND', amount: 25, description: 'Stake refunded: challenge cancelled' })).toBe('Stake back · cancelled');
    expect(transactionTitle({ type: 'REFUND', amount: 21.25, description: 'Partial refund of a missed challenge' })).toBe('Back after a miss');
    expect(transactionTitle({ type: 'DEPOSIT', amount: 30 })).toBe('Money added');
    expect(transactionTitle({ type: 'WINNINGS', amount: 3.75 })).toBe('Winnings');
  });
  it('a withdrawal shows its amount, fee and what is paid out', () => {
    expect(withdrawalBreakdown({ type: 'WITHDRAWAL', amount: 200, processingFee: 2, netAmount: 198 })).toBe('₹200 − ₹2 fee = ₹198 paid out');
    expect(withdrawalBreakdown({ type: 'WITHDRAWAL', amount: 30.5, netAmount: 30.5 })).toBe('₹30.50 − ₹0 fee = ₹30.50 paid out');
    expect(withdrawalBreakdown({ type: 'DEPOSIT', amount: 30 })).toBeNull();
  });
});
