// /help's worked example, computed from the server's refund percentage (GET /config) the way settlement does
// (src/modules/settlement/domain/split.ts): integer paise, the refund floored, the pool shared in proportion to the
// winners' stakes with each leftover paisa to the largest remainder (ties to the earlier stake). Exact: the parts add up.
import { missRefundOf, type Rules } from '@/lib/rules';

export interface ExampleWinner {
  name: string;
  stake: number;
  /** rupees of the pool */
  share: number;
  /** rupees received: stake + share */
  receives: number;
}

export interface WorkedExample {
  missed: { name: string; stake: number; refund: number; pooled: number };
  winners: ExampleWinner[];
}

const WINNERS = [
  { name: 'Asha', stake: 100 },
  { name: 'Ravi', stake: 50 },
] as const;
const MISSED = { name: 'Meera', stake: 100 } as const;

const paise = (rupees: number) => Math.round(rupees * 100);

/** Shares of `pool` paise in proportion to `weights` (paise): floored, then a paisa each to the largest remainders. */
export function shareByLargestRemainder(pool: number, weights: readonly number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  if (total <= 0 || pool <= 0) return weights.map(() => 0);
  const shares = weights.map((w) => Math.floor((pool * w) / total));
  let left = pool - shares.reduce((a, b) => a + b, 0);
  const order = weights.map((w, i) => ({ i, rem: (pool * w) % total })).sort((a, b) => b.rem - a.rem || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i] += 1;
    left -= 1;
  }
  return shares;
}

/** The example's sums under the rules in force. */
export function workedExample(rules: Rules): WorkedExample {
  const stake = paise(MISSED.stake);
  const refund = paise(missRefundOf(MISSED.stake, rules));
  const pooled = stake - refund;
  const shares = shareByLargestRemainder(
    pooled,
    WINNERS.map((w) => paise(w.stake)),
  );
  return {
    missed: { name: MISSED.name, stake: MISSED.stake, refund: refund / 100, pooled: pooled / 100 },
    winners: WINNERS.map((w, i) => ({ name: w.name, stake: w.stake, share: shares[i] / 100, receives: (paise(w.stake) + shares[i]) / 100 })),
  };
}
