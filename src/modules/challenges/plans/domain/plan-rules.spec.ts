import { datesDue, isoWeekday, parseWeekdays, planDates, planProblem } from './plan-rules.js';

const TZ = 'Asia/Kolkata';
// 2026-03-02 is a Monday
const plan = { startDate: '2026-03-02', endDate: '2026-03-29', weekdays: [1, 2, 3, 4, 5], wakeUpTime: '06:00' };

describe('challenge plans', () => {
  it("knows ISO weekdays and lists a plan's days: weekdays for 4 weeks are 20 mornings", () => {
    expect(isoWeekday('2026-03-02')).toBe(1);
    expect(isoWeekday('2026-03-08')).toBe(7);
    const days = planDates(plan);
    expect(days).toHaveLength(20);
    expect(days.every((d) => isoWeekday(d) <= 5)).toBe(true);
  });

  it('books a day from 20:00 IST the evening before, and still the morning itself before its window', () => {
    expect(datesDue(plan, new Date('2026-03-01T14:29:59Z'), TZ)).toEqual([]); // 19:59:59 IST Sunday
    expect(datesDue(plan, new Date('2026-03-01T14:30:00Z'), TZ)).toEqual(['2026-03-02']); // 20:00 IST Sunday
    expect(datesDue(plan, new Date('2026-03-01T20:00:00Z'), TZ)).toEqual(['2026-03-02']); // 01:30 IST Monday
    expect(datesDue(plan, new Date('2026-03-02T00:15:00Z'), TZ)).toEqual([]); // 05:45 IST Monday: its window has opened
    expect(datesDue(plan, new Date('2026-03-05T14:30:00Z'), TZ)).toEqual(['2026-03-06']); // Thursday 20:00: Friday
    expect(datesDue(plan, new Date('2026-03-06T14:30:00Z'), TZ)).toEqual([]); // Friday 20:00: Friday is over, Saturday is off
    expect(datesDue(plan, new Date('2026-03-29T14:30:00Z'), TZ)).toEqual([]); // the plan has ended
  });

  it('reads day sets and lists, and refuses anything else', () => {
    expect(parseWeekdays('weekdays')).toEqual([1, 2, 3, 4, 5]);
    expect(parseWeekdays([7, 1, 1])).toEqual([1, 7]);
    expect(parseWeekdays([0])).toBeNull();
    expect(parseWeekdays('MONDAYS')).toBeNull();
    expect(parseWeekdays([])).toBeNull();
  });

  it('refuses a plan in the past, too long, or without a day', () => {
    const now = new Date('2026-03-01T06:00:00Z');
    expect(planProblem(plan, now, TZ)).toBeNull();
    expect(planProblem({ ...plan, startDate: '2026-02-28' }, now, TZ)).toBe('startDate cannot be in the past');
    expect(planProblem({ ...plan, endDate: '2026-06-01' }, now, TZ)).toBe('A plan can run at most 12 weeks');
    expect(planProblem({ startDate: '2026-03-07', endDate: '2026-03-08', weekdays: [1] }, now, TZ)).toBe('The plan has no day between startDate and endDate');
  });
});
