import { describe, expect, it } from 'vitest';
import type { ProgressMorning } from '../api/progress-api';
import { clockOf, heatmapWeeks, monthBars, morningLabel, statusCounts, weekSeries } from './shape';

const morning = (over: Partial<ProgressMorning>): ProgressMorning => ({
  date: '2037-02-03',
  status: 'SUCCESS',
  wakeUpTime: '06:00',
  checkInTime: '05:52:10',
  ...over,
});

describe('progress shaping', () => {
  it('labels a morning as a person reads it', () => {
    expect(morningLabel('2037-02-03', morning({}))).toBe('Tue 3 Feb: made it at 05:52');
    expect(morningLabel('2037-02-02', morning({ date: '2037-02-02', status: 'FAILED', checkInTime: null }))).toBe('Mon 2 Feb: missed (target 06:00)');
    expect(morningLabel('2037-02-04', morning({ status: 'FAILED', wakeUpTime: '06:30', checkInTime: '06:45:00' }))).toBe(
      'Wed 4 Feb: missed, checked in at 06:45 (target 06:30)',
    );
    expect(morningLabel('2037-02-05', morning({ status: 'EXCUSED', checkInTime: null }))).toBe('Thu 5 Feb: excused');
    expect(morningLabel('2037-03-02', morning({ status: 'PENDING', checkInTime: null, wakeUpTime: '05:45' }))).toBe('Mon 2 Mar: to come, target 05:45');
    expect(morningLabel('2037-03-03', undefined)).toBe('Tue 3 Mar: no challenge');
  });

  it('lays the year out as 53 Monday-started weeks (54 when a leap year starts on Sunday) of 7 days, every day of the year once', () => {
    const weeks = heatmapWeeks(2037, [morning({ date: '2037-02-03' }), morning({ date: '2036-12-31', status: 'FAILED' })]);
    expect(weeks).toHaveLength(53);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    const days = weeks.flat();
    expect(days[0]).toMatchObject({ date: '2036-12-29', inYear: false, status: null, label: '' }); // 1 Jan 2037 is a Thursday
    expect(days[3]).toMatchObject({ date: '2037-01-01', inYear: true, label: 'Thu 1 Jan: no challenge' });
    const inYear = days.filter((d) => d.inYear);
    expect(inYear).toHaveLength(365);
    expect(new Set(inYear.map((d) => d.date)).size).toBe(365);
    expect(inYear.find((d) => d.date === '2037-02-03')).toMatchObject({ status: 'SUCCESS', label: 'Tue 3 Feb: made it at 05:52' });
    expect(days.filter((d) => d.status === 'FAILED')).toHaveLength(0); // last year's morning is not drawn
    const leap = heatmapWeeks(2040, []); // a leap year starting on a Sunday needs a 54th column
    expect(leap).toHaveLength(54);
    expect(leap.flat().filter((d) => d.inYear)).toHaveLength(366);
  });

  it('turns weeks into chart points and minutes into a clock', () => {
    expect(
      weekSeries([
        { weekStart: '2037-02-02', targetMinutes: 360, actualMinutes: 370 },
        { weekStart: '2037-03-02', targetMinutes: 330, actualMinutes: null },
      ]),
    ).toEqual([
      { week: '2 Feb', weekStart: '2037-02-02', target: 360, actual: 370 },
      { week: '2 Mar', weekStart: '2037-03-02', target: 330, actual: null },
    ]);
    expect(clockOf(370)).toBe('06:10');
    expect(clockOf(-5)).toBe('23:55');
    expect(clockOf(1445)).toBe('00:05');
  });

  it('adds money in and out per month to the paisa', () => {
    const [m] = monthBars([{ month: '2037-02', deposits: 0.1, withdrawals: 100, staked: 0.2, returned: 154.5, winnings: 0.2, other: 0, net: 0 }]);
    expect(m).toEqual({ month: '2037-02', name: 'Feb', moneyIn: 154.8, moneyOut: 100.2 });
  });

  it('counts the mornings of each status', () => {
    expect(statusCounts([morning({}), morning({ status: 'FAILED' }), morning({ status: 'FAILED' })])).toEqual({
      SUCCESS: 1,
      FAILED: 2,
      EXCUSED: 0,
      PENDING: 0,
    });
  });
});
