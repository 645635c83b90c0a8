/** Wake shields, earned not bought: pure rules, no Nest, no ORM. */

/** Every this many consecutive successful mornings earn one shield... */
export const MORNINGS_PER_SHIELD = 7;
/** ...and a user holds at most this many (one earned at the cap is not kept). */
export const MAX_SHIELDS_HELD = 3;

/** What a user's shield account holds; `cursor` is the last challenge date folded in (null: none yet). */
export interface ShieldState {
  held: number;
  /** successful mornings since the last shield earned (or the last miss) */
  run: number;
  earned: number;
  spent: number;
  cursor: string | null;
}

export const NO_SHIELDS: ShieldState = { held: 0, run: 0, earned: 0, spent: 0, cursor: null };

/** One of the user's (non-test, not cancelled) challenges, in challenge-date order. */
export interface Morning {
  date: string;
  /** settled (PROCESSED) or not yet */
  settled: boolean;
  isSuccessful: boolean | null;
}

/**
 * Folds the settled mornings after the cursor, in date order, and stops at the first one not yet settled: the cursor
 * only ever passes settled history (which never changes), so each morning is counted exactly once however often this
 * runs. An excused morning (shield, leave) is a cancelled challenge and never reaches here: it neither breaks nor
 * extends the run, as for streaks.
 */
export function foldMornings(state: ShieldState, mornings: readonly Morning[]): ShieldState {
  let { held, run, earned, cursor } = state;
  for (const m of [...mornings].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))) {
    if (cursor !== null && m.date <= cursor) continue;
    if (!m.settled) break;
    cursor = m.date;
    if (!m.isSuccessful) {
      run = 0;
      continue;
    }
    run += 1;
    if (run === MORNINGS_PER_SHIELD) {
      run = 0;
      if (held < MAX_SHIELDS_HELD) {
        held += 1;
        earned += 1;
      }
    }
  }
  return { ...state, held, run, earned, cursor };
}

/** One shield spent, or null when none is held. */
export function spendShield(state: ShieldState): ShieldState | null {
  if (state.held <= 0) return null;
  return { ...state, held: state.held - 1, spent: state.spent + 1 };
}

export interface ShieldSummary {
  held: number;
  max: number;
  morningsPerShield: number;
  /** successful mornings still needed for the next shield */
  nextShieldIn: number;
  /** true when a shield earned now would not be kept */
  atCap: boolean;
  earned: number;
  spent: number;
}

export function shieldSummary(s: ShieldState): ShieldSummary {
  return {
    held: s.held,
    max: MAX_SHIELDS_HELD,
    morningsPerShield: MORNINGS_PER_SHIELD,
    nextShieldIn: MORNINGS_PER_SHIELD - s.run,
    atCap: s.held >= MAX_SHIELDS_HELD,
    earned: s.earned,
    spent: s.spent,
  };
}
