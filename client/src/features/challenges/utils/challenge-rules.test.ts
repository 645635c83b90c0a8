import { WAKE_UP_SLOTS } from '@/lib/stake-rules';
import { describe, expect, it } from 'vitest';
import { makeChallenge } from '@/testing/api-fixtures';
import type { Challenge } from '../api/types';
import {
  calendarCell,
  calendarStatus,
  canCancel,
  cardLabel,
  cardState,
  checkCreateForm,
  createErrorOutcome,
  historyLabel,
  historyOf,
  monthGrid,
  refundOf,
  selectTodayChallenge,
  upcomingChallenges,
  bookableDates,
} from './challenge-rules';
import { addDays, formatCountdown } from './dates';

const TODAY = '2026-11-23';

/** A challenge on `date` at `time` (IST): the window instants as the server computes them. */
function challenge(overrides: Partial<Challenge> & { id: string }, date = TODAY, time = '07:00'): Challenge {
  const wake = new Date(`${overrides.challengeDate ?? date}T${overrides.wakeUpTime ?? time}:00+05:30`).getTime();
  return makeChallenge({
    challengeDate: date,
    wakeUpTime: time,
    gracePeriodStartTime: new Date(wake - 15 * 60_000).toISOString(),
    gracePeriodEndTime: new Date(wake + 10 * 60_000).toISOString(),
    windowClosesAt: new Date(wake + 11 * 60_000).toISOString(),
    ...overrides,
  });
}
const ist = (hhmmss: string, date = TODAY) => new Date(`${date}T${hhmmss}+05:30`);

describe("today's challenge selection (SPEC.md section 4)", () => {
  it('picks the earliest wake-up among PENDING challenges inside their window', () => {
    const a = challenge({ id: 'a', wakeUpTime: '04:00' });
    const b = challenge({ id: 'b', wakeUpTime: '06:30', isWithinGracePeriod: true });
    const c = challenge({ id: 'c', wakeUpTime: '06:00', canCheckIn: true });
    expect(selectTodayChallenge([a, b, c], TODAY)?.id).toBe('c');
  });

  it('prefers an open window over an earlier PENDING one', () => {
    const early = challenge({ id: 'early', wakeUpTime: '04:00' });
    const open = challenge({ id: 'open', wakeUpTime: '06:30', isWithinGracePeriod: true });
    expect(selectTodayChallenge([early, open], TODAY)?.id).toBe('open');
  });

  it('with none open, picks the earliest PENDING', () => {
    const list = [challenge({ id: 'late', wakeUpTime: '07:00' }), challenge({ id: 'early', wakeUpTime: '05:30' })];
    expect(selectTodayChallenge(list, TODAY)?.id).toBe('early');
  });

  it('uses the clock when given: a window that has opened since loading counts', () => {
    const list = [challenge({ id: 'a', wakeUpTime: '05:00' }), challenge({ id: 'b', wakeUpTime: '06:00' })];
    // 05:50 IST: a's window closed at 05:11, b's opened at 05:45.
    expect(selectTodayChallenge(list, TODAY, ist('05:50:00'))?.id).toBe('b');
  });

  it('with no PENDING, picks the latest wake-up among COMPLETED or PROCESSED', () => {
    const list = [
      challenge({ id: 'c1', wakeUpTime: '05:00', status: 'COMPLETED', isSuccessful: true }),
      challenge({ id: 'p1', wakeUpTime: '06:30', status: 'PROCESSED', isSuccessful: false }),
      challenge({ id: 'x', wakeUpTime: '07:00', status: 'CANCELLED' }),
    ];
    expect(selectTodayChallenge(list, TODAY)?.id).toBe('p1');
  });

  it('ignores other days, and is none when nothing is today', () => {
    expect(selectTodayChallenge([challenge({ id: 't' }, addDays(TODAY, 1))], TODAY)).toBeNull();
    expect(selectTodayChallenge([], TODAY)).toBeNull();
  });
});

describe("today's card label per state", () => {
  const c = challenge({ id: 'c', wakeUpTime: '06:00' });
  it.each([
    ['05:44:59', 'BEFORE_WINDOW', 'Challenge Pending'],
    ['05:45:00', 'IN_WINDOW', 'Time to Wake Up!'],
    ['06:10:59', 'IN_WINDOW', 'Time to Wake Up!'],
    ['06:11:00', 'WINDOW_CLOSED', 'Challenge Pending'],
  ])('PENDING at %s IST is %s: "%s"', (time, state, label) => {
    const s = cardState(c, ist(time));
    expect(s).toBe(state);
    expect(cardLabel(s)).toBe(label);
  });

  it('COMPLETED successful is "Challenge Completed!", otherwise "Challenge Failed"; PROCESSED likewise', () => {
    const now = ist('08:00:00');
    expect(cardLabel(cardState(challenge({ id: 'a', status: 'COMPLETED', isSuccessful: true }), now))).toBe('Challenge Completed!');
    expect(cardLabel(cardState(challenge({ id: 'b', status: 'COMPLETED', isSuccessful: false }), now))).toBe('Challenge Failed');
    expect(cardLabel(cardState(challenge({ id: 'c', status: 'PROCESSED', isSuccessful: true }), now))).toBe('Challenge Completed!');
    expect(cardLabel(cardState(challenge({ id: 'd', status: 'PROCESSED', isSuccessful: false }), now))).toBe('Challenge Failed');
    expect(cardState(null, now)).toBe('NONE');
  });

  it('refunds 85% of the forfeit, floored to the paisa', () => {
    expect(refundOf(25)).toBe(21.25);
    expect(refundOf(10)).toBe(8.5);
    expect(refundOf(33)).toBe(28.05);
  });

  it('formats the countdown', () => {
    expect(formatCountdown(3_723_000)).toBe('1h 02m 03s');
    expect(formatCountdown(65_000)).toBe('1m 05s');
    expect(formatCountdown(-5)).toBe('0s');
  });
});

describe('calendar', () => {
  it('shows at most 2 challenges in a cell, earliest first, plus the overflow count', () => {
    const day = [
      challenge({ id: 'c', wakeUpTime: '07:00' }),
      challenge({ id: 'a', wakeUpTime: '04:00' }),
      challenge({ id: 'b', wakeUpTime: '05:30' }),
      challenge({ id: 'other' }, addDays(TODAY, 1)),
    ];
    const cell = calendarCell(day, TODAY);
    expect(cell.shown.map((c) => c.id)).toEqual(['a', 'b']);
    expect(cell.more).toBe(1);
    expect(calendarCell(day, addDays(TODAY, 1)).more).toBe(0);
  });

  it('maps statuses to the calendar colours', () => {
    expect(calendarStatus({ status: 'PENDING', isSuccessful: null })).toBe('PENDING');
    expect(calendarStatus({ status: 'COMPLETED', isSuccessful: true })).toBe('SUCCESS');
    expect(calendarStatus({ status: 'COMPLETED', isSuccessful: false })).toBe('FAILED');
    expect(calendarStatus({ status: 'SUCCESS', isSuccessful: null })).toBe('SUCCESS');
    expect(calendarStatus({ status: 'FAILED', isSuccessful: null })).toBe('FAILED');
    expect(calendarStatus({ status: 'PROCESSED', isSuccessful: true })).toBe('PROCESSED');
    expect(calendarStatus({ status: 'CANCELLED', isSuccessful: null })).toBe('OTHER');
  });

  it('lays a month out in Monday-first weeks', () => {
    const weeks = monthGrid('2026-11');
    // 1 Nov 2026 is a Sunday.
    expect(weeks[0]).toEqual([null, null, null, null, null, null, '2026-11-01']);
    expect(weeks.flat().filter(Boolean)).toHaveLength(30);
  });
});

describe('lists', () => {
  it('cancel is open until the night before, locked on the day', () => {
    expect(canCancel(challenge({ id: 'a' }, addDays(TODAY, 1)), TODAY)).toBe(true);
    expect(canCancel(challenge({ id: 'b' }, TODAY), TODAY)).toBe(false);
    expect(canCancel(challenge({ id: 'c', status: 'COMPLETED' }, addDays(TODAY, 1)), TODAY)).toBe(false);
  });

  it('upcoming: PENDING from today, soonest first, at most 5', () => {
    const list = Array.from({ length: 7 }, (_, i) => challenge({ id: `d${i}` }, addDays(TODAY, 6 - i)));
    list.push(challenge({ id: 'past' }, addDays(TODAY, -1)));
    expect(upcomingChallenges(list, TODAY).map((c) => c.id)).toEqual(['d6', 'd5', 'd4', 'd3', 'd2']);
  });

  it('history: COMPLETED and PROCESSED, newest first, labelled COMPLETED or FAILED', () => {
    const list = [
      challenge({ id: 'old', status: 'PROCESSED', isSuccessful: true }, addDays(TODAY, -3)),
      challenge({ id: 'new', status: 'COMPLETED', isSuccessful: false }, TODAY),
      challenge({ id: 'pending' }, TODAY),
    ];
    const h = historyOf(list);
    expect(h.map((c) => c.id)).toEqual(['new', 'old']);
    expect(h.map(historyLabel)).toEqual(['FAILED', 'COMPLETED']);
  });
});

describe('create form rules (SPEC.md section 5)', () => {
  it('offers today to today + 7 and the slider 04:00–07:00 in 30-minute steps', () => {
    expect(bookableDates(TODAY)).toHaveLength(8);
    expect(bookableDates(TODAY)[7]).toBe('2026-11-30');
    expect(WAKE_UP_SLOTS).toEqual(['04:00', '04:30', '05:00', '05:30', '06:00', '06:30', '07:00']);
  });

  it('balance of 50 or less: disabled, "Insufficient Balance"', () => {
    const c = checkCreateForm({ balance: 50, forfeit: 25 });
    expect(c).toMatchObject({ disabled: true, submitLabel: 'Insufficient Balance', insufficientBalance: true, lowBalance: false });
  });

  it('balance above 50 up to 100: low-balance warning, still allowed', () => {
    expect(checkCreateForm({ balance: 100, forfeit: 25 })).toMatchObject({ disabled: false, lowBalance: true, submitLabel: 'Create Challenge' });
    expect(checkCreateForm({ balance: 100.5, forfeit: 25 }).lowBalance).toBe(false);
  });

  it('forfeit above the balance: disabled, "Amount Too High"', () => {
    expect(checkCreateForm({ balance: 60, forfeit: 70 })).toMatchObject({ disabled: true, submitLabel: 'Amount Too High', forfeitAboveBalance: true });
  });

  it('forfeit outside 10..100 or not whole: disabled; max is min(balance, 100)', () => {
    expect(checkCreateForm({ balance: 500, forfeit: 5 }).disabled).toBe(true);
    expect(checkCreateForm({ balance: 500, forfeit: 101 }).disabled).toBe(true);
    expect(checkCreateForm({ balance: 500, forfeit: 25.5 }).disabled).toBe(true);
    expect(checkCreateForm({ balance: 500, forfeit: Number.NaN }).disabled).toBe(true);
    expect(checkCreateForm({ balance: 500, forfeit: 25 }).maxForfeit).toBe(100);
    expect(checkCreateForm({ balance: 75, forfeit: 25 }).maxForfeit).toBe(75);
  });

  it('while loading: disabled', () => {
    expect(checkCreateForm({ balance: 500, forfeit: 25, loading: true })).toMatchObject({ disabled: true, submitLabel: 'Creating...' });
  });

  it('maps a refused create to the section 8 outcome', () => {
    expect(createErrorOutcome('Insufficient balance! You need at least ₹50 to create challenges').kind).toBe('INSUFFICIENT_BALANCE');
    expect(createErrorOutcome('Forfeit amount exceeds available balance!').kind).toBe('REDUCE_AMOUNT');
    expect(createErrorOutcome('You already have a challenge for this date')).toEqual({
      kind: 'OTHER',
      message: 'Failed to create challenge: You already have a challenge for this date',
    });
  });
});
