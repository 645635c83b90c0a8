import { leaveCutoff, leaveLimitProblem, leaveTimingProblem } from './leave-rules.js';

const TZ = 'Asia/Kolkata';

describe('declared leave', () => {
  it('is booked by 20:00 IST the evening before', () => {
    expect(leaveCutoff('2026-03-10', TZ).toISOString()).toBe('2026-03-09T14:30:00.000Z');
    expect(leaveTimingProblem('2026-03-10', new Date('2026-03-09T14:29:59Z'), TZ)).toBeNull();
    expect(leaveTimingProblem('2026-03-10', new Date('2026-03-09T14:30:00Z'), TZ)).toBe('Leave for 2026-03-10 had to be booked by 20:00 the evening before');
    expect(leaveTimingProblem('2026-03-09', new Date('2026-03-09T14:30:00Z'), TZ)).toMatch(/had to be booked/);
  });

  it('is booked at most 90 days ahead, for a real date', () => {
    expect(leaveTimingProblem('2026-06-07', new Date('2026-03-09T06:00:00Z'), TZ)).toBeNull();
    expect(leaveTimingProblem('2026-06-08', new Date('2026-03-09T06:00:00Z'), TZ)).toMatch(/at most 90 days ahead/);
    expect(leaveTimingProblem('2026-02-30', new Date('2026-01-09T06:00:00Z'), TZ)).toMatch(/YYYY-MM-DD/);
  });

  it('allows N days in a calendar month', () => {
    expect(leaveLimitProblem('2026-03-20', 3, 4)).toBeNull();
    expect(leaveLimitProblem('2026-03-20', 4, 4)).toBe('You can take at most 4 days of leave a month (2026-03 is full)');
    expect(leaveLimitProblem('2026-03-20', 0, 0)).toMatch(/at most 0 days/);
  });
});
