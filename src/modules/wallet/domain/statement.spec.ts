import { statementRows } from './statement.js';

const line = (amount: bigint, type = 'DEPOSIT') => ({
  date: '2026-03-02',
  time: '07:00:00',
  type,
  description: 'x',
  reference: 'r',
  status: 'SUCCESS',
  amount,
});

describe('wallet statement', () => {
  it('runs the balance from the opening through every line to the closing, to the paisa', () => {
    const { rows, closing } = statementRows({ startDate: '2026-03-01', endDate: '2026-03-31' }, 10_001n, [
      line(2_550n),
      line(-2_500n, 'FORFEIT'),
      line(2_125n, 'REFUND'),
    ]);
    expect(closing).toBe(12_176n);
    expect(rows.map((r) => r[7])).toEqual([10_001n, 12_551n, 10_051n, 12_176n, 12_176n]);
    expect(rows[0].slice(0, 3)).toEqual(['2026-03-01', '00:00:00', 'Opening balance']);
    expect(rows[2][2]).toBe('Challenge stake');
    expect(rows[4].slice(0, 3)).toEqual(['2026-03-31', '23:59:59', 'Closing balance']);
  });

  it('closes at the opening balance when nothing moved', () => {
    expect(statementRows({ startDate: '2026-03-01', endDate: '2026-03-01' }, 500n, []).closing).toBe(500n);
  });
});
