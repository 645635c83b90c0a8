import { monthRange, statementCsv, statementOf } from './charity-statement.js';

describe('the monthly charity statement', () => {
  it('bounds a month by its settlement dates, December into January', () => {
    expect(monthRange('2026-12')).toEqual({ from: '2026-12-01', to: '2027-01-01' });
    expect(monthRange('2026-02')).toEqual({ from: '2026-02-01', to: '2026-03-01' });
    expect(monthRange('2026-13')).toBeNull();
    expect(monthRange('2026-1')).toBeNull();
  });

  it('groups per charity by date with totals that add up to the paisa, in CSV with quoted names and a formula-like name made text', () => {
    const rows = [
      { charityId: 'goonj', date: '2026-06-03', challenges: 1, amount: 555n },
      { charityId: 'cry', date: '2026-06-02', challenges: 2, amount: 3001n },
      { charityId: 'goonj', date: '2026-06-02', challenges: 3, amount: 4500n },
    ];
    const s = statementOf(
      rows,
      new Map([
        ['goonj', 'Goonj, Delhi'],
        ['cry', '=CRY'],
      ]),
    );
    expect(s.map((c) => [c.charityId, c.challenges, c.amount])).toEqual([
      ['cry', 2, 3001n],
      ['goonj', 4, 5055n],
    ]);
    expect(statementCsv('2026-06', s)).toBe(
      [
        'month,charity_id,charity_name,date,challenges,amount_inr',
        "2026-06,cry,'=CRY,2026-06-02,2,30.01",
        "2026-06,cry,'=CRY,TOTAL,2,30.01",
        '2026-06,goonj,"Goonj, Delhi",2026-06-02,3,45.00',
        '2026-06,goonj,"Goonj, Delhi",2026-06-03,1,5.55',
        '2026-06,goonj,"Goonj, Delhi",TOTAL,4,50.55',
        '',
      ].join('\n'),
    );
  });
});
