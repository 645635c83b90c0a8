import { streaks } from '../../shared/domain/challenge-rules.js';
import { foldMornings, MAX_SHIELDS_HELD, Morning, NO_SHIELDS, shieldSummary, spendShield } from './shield-rules.js';

const day = (n: number) => `2026-03-${String(n).padStart(2, '0')}`;
const won = (n: number): Morning => ({ date: day(n), settled: true, isSuccessful: true });
const lost = (n: number): Morning => ({ date: day(n), settled: true, isSuccessful: false });
const unsettled = (n: number): Morning => ({ date: day(n), settled: false, isSuccessful: true });
const wins = (from: number, count: number) => Array.from({ length: count }, (_, i) => won(from + i));

describe('wake shields', () => {
  it('earns one shield for 7 successful mornings in a row, none for 6', () => {
    expect(foldMornings(NO_SHIELDS, wins(1, 6))).toMatchObject({ held: 0, run: 6 });
    expect(foldMornings(NO_SHIELDS, wins(1, 7))).toMatchObject({ held: 1, run: 0, earned: 1 });
    expect(foldMornings(NO_SHIELDS, wins(1, 14))).toMatchObject({ held: 2, run: 0, earned: 2 });
  });

  it('starts the run again after a miss', () => {
    expect(foldMornings(NO_SHIELDS, [...wins(1, 6), lost(7), ...wins(8, 6)])).toMatchObject({ held: 0, run: 6 });
    expect(foldMornings(NO_SHIELDS, [...wins(1, 6), lost(7), ...wins(8, 7)])).toMatchObject({ held: 1, run: 0 });
  });

  it('holds at most 3: a shield earned at the cap is not kept', () => {
    const s = foldMornings(NO_SHIELDS, wins(1, 28));
    expect(s).toMatchObject({ held: MAX_SHIELDS_HELD, earned: 3, run: 0 });
    expect(shieldSummary(s)).toMatchObject({ held: 3, atCap: true, nextShieldIn: 7 });
  });

  it('counts each settled morning once however often it folds (the cursor passes settled history only)', () => {
    const history = [...wins(1, 5), unsettled(6), won(7)];
    const once = foldMornings(NO_SHIELDS, history);
    expect(once).toMatchObject({ run: 5, cursor: day(5) });
    expect(foldMornings(once, history)).toEqual(once);
    // the morning settles later: the fold picks it and the one after it up, once
    const settled = [...wins(1, 7)];
    const later = foldMornings(once, settled);
    expect(later).toMatchObject({ held: 1, run: 0, cursor: day(7) });
    expect(foldMornings(later, settled)).toEqual(later);
  });

  it('spends one shield when one is held, never below zero', () => {
    const one = foldMornings(NO_SHIELDS, wins(1, 7));
    const spent = spendShield(one);
    expect(spent).toMatchObject({ held: 0, spent: 1 });
    expect(spendShield(spent!)).toBeNull();
    expect(spendShield(NO_SHIELDS)).toBeNull();
  });

  it('spending at the cap makes room: the next 7 mornings earn again', () => {
    const capped = foldMornings(NO_SHIELDS, wins(1, 21));
    const after = foldMornings(spendShield(capped)!, wins(1, 28));
    expect(after).toMatchObject({ held: 3, earned: 4, spent: 1 });
  });

  it('an excused morning (a cancelled challenge, absent here) neither breaks nor extends the run or the streak', () => {
    // day 4 was excused by a shield or leave: the mornings around it are one run of 7
    const around = [...wins(1, 3), ...wins(5, 4)];
    expect(foldMornings(NO_SHIELDS, around)).toMatchObject({ held: 1 });
    expect(streaks(around.map((m) => ({ date: m.date, isSuccessful: true })))).toEqual({ currentStreak: 7, longestStreak: 7 });
  });

  it('tells how many more mornings earn the next shield', () => {
    expect(shieldSummary(foldMornings(NO_SHIELDS, wins(1, 3)))).toEqual({
      held: 0,
      max: 3,
      morningsPerShield: 7,
      nextShieldIn: 4,
      atCap: false,
      earned: 0,
      spent: 0,
    });
  });
});
