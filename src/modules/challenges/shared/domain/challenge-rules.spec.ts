import { cancellationOpen, checkInWindow, dateProblem, isWakeUpSlot, streaks, successRate, timeRemainingMinutes, windowPhase } from './challenge-rules.js';

const TZ = 'Asia/Kolkata';
const at = (iso: string) => new Date(iso);

describe('challenge rules', () => {
  const w = checkInWindow('2026-11-23', '06:00', TZ); // 06:00 IST = 00:30Z

  it('opens 15 minutes before the wake-up time and is late from the 11th minute after', () => {
    expect(windowPhase(w, at('2026-11-23T00:14:59Z'))).toBe('BEFORE');
    expect(windowPhase(w, at('2026-11-23T00:15:00Z'))).toBe('OPEN');
    expect(windowPhase(w, at('2026-11-23T00:40:59Z'))).toBe('OPEN');
    expect(windowPhase(w, at('2026-11-23T00:41:00Z'))).toBe('CLOSED');
  });

  it('counts minutes to the opening, then to the close', () => {
    expect(timeRemainingMinutes(w, at('2026-11-23T00:00:00Z'))).toBe(15);
    expect(timeRemainingMinutes(w, at('2026-11-23T00:14:01Z'))).toBe(1);
    expect(timeRemainingMinutes(w, at('2026-11-23T00:15:00Z'))).toBe(26);
    expect(timeRemainingMinutes(w, at('2026-11-23T00:41:00Z'))).toBe(0);
  });

  it('takes wake-up times from 04:00 to 07:00 in 30-minute steps', () => {
    expect(['04:00', '04:30', '06:30', '07:00'].every(isWakeUpSlot)).toBe(true);
    expect(['03:30', '07:30', '05:15', '5:00', '24:00', ''].some(isWakeUpSlot)).toBe(false);
  });

  it('books from today to today + 7, today only before the window opens', () => {
    const noon = at('2026-11-22T06:30:00Z');
    expect(dateProblem('2026-11-29', '06:00', noon, TZ)).toBeNull();
    expect(dateProblem('2026-11-30', '06:00', noon, TZ)).toMatch(/at most 7 days/);
    expect(dateProblem('2026-11-21', '06:00', noon, TZ)).toMatch(/past/);
    expect(dateProblem('2026-11-22', '07:00', at('2026-11-22T01:14:59Z'), TZ)).toBeNull();
    expect(dateProblem('2026-11-22', '07:00', at('2026-11-22T01:15:00Z'), TZ)).toMatch(/already opened/);
  });

  it('cancels until 23:59:59 of the night before', () => {
    expect(cancellationOpen('2026-11-23', at('2026-11-22T18:29:59Z'), TZ)).toBe(true);
    expect(cancellationOpen('2026-11-23', at('2026-11-22T18:30:00Z'), TZ)).toBe(false);
  });

  it('a success extends the streak, a failure ends it, a day without a challenge does neither', () => {
    const s = (d: string, ok: boolean) => ({ date: d, isSuccessful: ok });
    expect(streaks([s('2026-11-01', true), s('2026-11-03', true), s('2026-11-05', true)])).toEqual({ currentStreak: 3, longestStreak: 3 });
    expect(streaks([s('2026-11-04', true), s('2026-11-01', true), s('2026-11-02', true), s('2026-11-03', false)])).toEqual({
      currentStreak: 1,
      longestStreak: 2,
    });
    expect(streaks([s('2026-11-01', true), s('2026-11-02', false)])).toEqual({ currentStreak: 0, longestStreak: 1 });
    expect(streaks([])).toEqual({ currentStreak: 0, longestStreak: 0 });
  });

  it('rounds the success rate to one decimal', () => {
    expect(successRate(5, 1)).toBe(83.3);
    expect(successRate(2, 1)).toBe(66.7);
    expect(successRate(0, 0)).toBe(0);
  });
});
