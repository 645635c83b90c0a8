import { moneyMonths } from './money-months.js';

describe('money per month', () => {
  it('lists the twelve months of the year, zero where nothing moved', () => {
    const months = moneyMonths(2037, []);
    expect(months.map((m) => m.month)).toEqual([
      '2037-01',
      '2037-02',
      '2037-03',
      '2037-04',
      '2037-05',
      '2037-06',
      '2037-07',
      '2037-08',
      '2037-09',
      '2037-10',
      '2037-11',
      '2037-12',
    ]);
    expect(months.every((m) => m.net === 0n && m.deposits === 0n)).toBe(true);
  });

  it('shows money out as positive amounts and nets every posting, reversals and unknown reasons included', () => {
    const [jan, feb] = moneyMonths(2037, [
      { month: '2037-01', reason: 'DEPOSIT', amount: 100_000n },
      { month: '2037-01', reason: 'CHALLENGE_STAKE', amount: -5_000n },
      { month: '2037-01', reason: 'STAKE_REFUNDED', amount: 4_250n },
      { month: '2037-01', reason: 'STAKE_RETURNED', amount: 2_000n },
      { month: '2037-01', reason: 'WINNINGS', amount: 333n },
      { month: '2037-01', reason: 'WITHDRAWAL_HOLD', amount: -20_000n },
      { month: '2037-02', reason: 'WITHDRAWAL_REVERSED', amount: 20_000n },
      { month: '2037-02', reason: 'SOMETHING_NEW', amount: -7n },
      { month: '2036-12', reason: 'DEPOSIT', amount: 999n },
    ]);
    expect(jan).toEqual({
      month: '2037-01',
      deposits: 100_000n,
      withdrawals: 20_000n,
      staked: 5_000n,
      returned: 6_250n,
      winnings: 333n,
      other: 0n,
      net: 81_583n,
    });
    expect(feb).toMatchObject({ withdrawals: -20_000n, other: -7n, net: 19_993n });
    for (const m of [jan, feb]) expect(m.deposits - m.withdrawals - m.staked + m.returned + m.winnings + m.other).toBe(m.net);
  });
});
