import type { Challenge } from '../api/types';
import { isForgiven } from './challenge-rules';

/** What happened to the user on a settled day, for the receipt's wording. */
export type ReceiptOutcome = 'WON' | 'MISSED' | 'FORGIVEN';

/** The receipt's title worded for what happened to this user (never "winnings" to someone who missed). */
export function receiptTitle(outcome: ReceiptOutcome | null, pledge: boolean): string {
  if (outcome === 'FORGIVEN') return 'Forgiven: your whole stake came back';
  if (outcome === 'MISSED') return 'What happened to your stake';
  if (outcome === 'WON') return pledge ? 'How your pledge was settled' : 'How your winnings were computed';
  return 'Settlement receipt';
}

/** The user's outcome from their lines on the day (a win over a forgiven over a miss when they had several). */
export function outcomeOfLines(lines: { isSuccessful: boolean; outcome: string }[]): ReceiptOutcome | null {
  if (!lines.length) return null;
  if (lines.some((l) => l.isSuccessful)) return 'WON';
  if (lines.some((l) => l.outcome === 'FORGIVEN')) return 'FORGIVEN';
  return 'MISSED';
}

export function outcomeOfChallenge(c: Challenge): ReceiptOutcome {
  if (c.isSuccessful) return 'WON';
  return isForgiven(c) ? 'FORGIVEN' : 'MISSED';
}

export interface ReceiptEntry {
  date: string;
  outcome: ReceiptOutcome;
  pledge: boolean;
  /** the stakes of the day's challenges (₹) */
  staked: number;
}

/** One receipt per settled day the user took part in (their PROCESSED challenges), newest first. */
export function receiptsOf(history: Challenge[]): ReceiptEntry[] {
  const byDate = new Map<string, Challenge[]>();
  for (const c of history) {
    if (c.status !== 'PROCESSED') continue;
    byDate.set(c.challengeDate, [...(byDate.get(c.challengeDate) ?? []), c]);
  }
  return [...byDate.entries()]
    .sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0))
    .map(([date, cs]) => {
      const outcomes = cs.map(outcomeOfChallenge);
      const outcome: ReceiptOutcome = outcomes.includes('WON') ? 'WON' : outcomes.includes('FORGIVEN') ? 'FORGIVEN' : 'MISSED';
      return { date, outcome, pledge: cs.some((c) => c.poolMode === 'pledge'), staked: cs.reduce((s, c) => s + c.forfeitAmount, 0) };
    });
}
