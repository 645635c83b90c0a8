import { describe, expect, it } from 'vitest';
import type { BookableDates } from '../api/challenges-api';
import { dateChoices, wakeRangeOf, withheldWord } from './date-choices';

const ALL = ['04:00', '04:30', '05:00', '05:30', '06:00', '06:30', '07:00'];
const server: BookableDates = {
  today: '2038-03-10',
  firstBookable: '2038-03-11',
  dates: [
    { date: '2038-03-10', bookable: false, reason: 'The check-in window for this wake-up time has already opened today', blockedBy: 'OTHER', wakeUpTimes: [] },
    { date: '2038-03-11', bookable: true, wakeUpTimes: ALL },
    { date: '2038-03-12', bookable: false, reason: 'You already have a challenge for this date', blockedBy: 'BOOKED', wakeUpTimes: ALL },
    { date: '2038-03-13', bookable: true, wakeUpTimes: ALL },
    { date: '2038-03-14', bookable: false, reason: 'You are on leave on 2038-03-14: remove the leave day first', blockedBy: 'LEAVE', wakeUpTimes: ALL },
    { date: '2038-03-15', bookable: true, wakeUpTimes: ALL },
    { date: '2038-03-16', bookable: true, wakeUpTimes: ALL },
    { date: '2038-03-17', bookable: true, wakeUpTimes: ALL },
  ],
};

describe('dateChoices', () => {
  it('offers only what the server says is bookable and defaults to its first bookable date', () => {
    const c = dateChoices('2038-03-10', server, new Set());
    expect(c.offered.map((d) => d.date)).toEqual(['2038-03-11', '2038-03-13', '2038-03-15', '2038-03-16', '2038-03-17']);
    expect(c.withheld.map((d) => [d.date, withheldWord(d)])).toEqual([
      ['2038-03-10', 'The check-in window for this wake-up time has already opened today'],
      ['2038-03-12', 'already booked'],
      ['2038-03-14', 'on leave'],
    ]);
    expect(c.first).toBe('2038-03-11');
    expect(c.offered[0].label).toMatch(/\(tomorrow\)$/);
  });

  it('also withholds a date booked in the cached challenges the server answer has not caught up with', () => {
    const c = dateChoices('2038-03-10', server, new Set(['2038-03-11']));
    expect(c.offered.map((d) => d.date)).not.toContain('2038-03-11');
    expect(c.first).toBe('2038-03-13');
  });

  it('without the server answer offers the 8 dates minus cached bookings, tomorrow by default', () => {
    const c = dateChoices('2038-03-10', undefined, new Set(['2038-03-11']));
    expect(c.offered).toHaveLength(7);
    expect(c.first).toBe('2038-03-10');
    expect(dateChoices('2038-03-10', undefined, new Set()).first).toBe('2038-03-11');
  });

  it('nothing bookable: no default', () => {
    const none = { ...server, firstBookable: null, dates: server.dates.map((d) => ({ ...d, bookable: false, reason: 'Insufficient balance' })) };
    expect(dateChoices('2038-03-10', none, new Set())).toMatchObject({ offered: [], first: null });
  });

  it("the slider's range follows the date's open slots", () => {
    expect(wakeRangeOf({ date: 'x', label: 'x', wakeUpTimes: ['05:30', '06:00', '07:00'] })).toEqual({ min: 330, max: 420 });
    expect(wakeRangeOf(undefined)).toEqual({ min: 240, max: 420 });
  });
});
