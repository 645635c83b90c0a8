import { MorningRecord, morningStatus, mornings, progressYear, weekStartOf, weeks } from './progress.js';

const rec = (over: Partial<MorningRecord>): MorningRecord => ({
  date: '2037-02-03',
  wakeUpTime: '06:00',
  status: 'PROCESSED',
  isSuccessful: true,
  excused: false,
  forgiven: false,
  checkIn: null,
  ...over,
});

describe('progress: mornings and weeks', () => {
  it('reads a year from ?year=: absent is this year, anything but four digits within 2000-2100 is refused', () => {
    expect(progressYear(undefined, 2037)).toBe(2037);
    expect(progressYear('', 2037)).toBe(2037);
    expect(progressYear('2036', 2037)).toBe(2036);
    for (const bad of ['1999', '2101', '37', '2037.0', ' 2037', 'abcd', ['2037'], { y: 1 }]) expect(progressYear(bad, 2037)).toBeNull();
  });

  it('gives each challenge one status: success, miss, excused (shield, leave, forgiven), pending; a plain cancel is left out', () => {
    expect(morningStatus(rec({}))).toBe('SUCCESS');
    expect(morningStatus(rec({ status: 'COMPLETED', isSuccessful: false }))).toBe('FAILED');
    expect(morningStatus(rec({ isSuccessful: false, forgiven: true }))).toBe('EXCUSED');
    expect(morningStatus(rec({ status: 'CANCELLED', isSuccessful: null, excused: true }))).toBe('EXCUSED');
    expect(morningStatus(rec({ status: 'CANCELLED', isSuccessful: null }))).toBeNull();
    expect(morningStatus(rec({ status: 'PENDING', isSuccessful: null }))).toBe('PENDING');
  });

  it('keeps one morning a date, the real one over an excused one, in date order', () => {
    const list = mornings([
      rec({ date: '2037-02-04', checkIn: { minutes: 352, time: '05:52:10' } }),
      rec({ date: '2037-02-03', status: 'CANCELLED', excused: true }),
      rec({ date: '2037-02-03', status: 'PENDING', isSuccessful: null }),
      rec({ date: '2037-02-01', status: 'CANCELLED' }),
    ]);
    expect(list).toEqual([
      { date: '2037-02-03', status: 'PENDING', wakeUpTime: '06:00', checkInTime: null, checkInMinutes: null },
      { date: '2037-02-04', status: 'SUCCESS', wakeUpTime: '06:00', checkInTime: '05:52:10', checkInMinutes: 352 },
    ]);
  });

  it('starts weeks on Monday, across a year boundary too', () => {
    expect(weekStartOf('2037-01-01')).toBe('2036-12-29'); // a Thursday
    expect(weekStartOf('2037-02-02')).toBe('2037-02-02'); // a Monday
    expect(weekStartOf('2037-02-08')).toBe('2037-02-02'); // a Sunday
  });

  it('means the targets and the check-ins of each week, leaving excused mornings out and null for a week without a check-in', () => {
    const list = mornings([
      rec({ date: '2037-02-02', wakeUpTime: '05:30', checkIn: { minutes: 335, time: '05:35:00' } }),
      rec({ date: '2037-02-03', wakeUpTime: '06:00', status: 'COMPLETED', isSuccessful: false, checkIn: { minutes: 400, time: '06:40:00' } }),
      rec({ date: '2037-02-04', wakeUpTime: '07:00', status: 'CANCELLED', excused: true }),
      rec({ date: '2037-02-05', wakeUpTime: '06:31', status: 'COMPLETED', isSuccessful: false }),
      rec({ date: '2037-02-10', wakeUpTime: '05:00', status: 'PENDING', isSuccessful: null }),
    ]);
    expect(weeks(list)).toEqual([
      { weekStart: '2037-02-02', targetMinutes: Math.round((330 + 360 + 391) / 3), actualMinutes: Math.round((335 + 400) / 2) },
      { weekStart: '2037-02-09', targetMinutes: 300, actualMinutes: null },
    ]);
  });
});
