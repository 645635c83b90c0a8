/**
 * The daily split, in paise, pure (no Nest, no ORM, no clock).
 * failed → refund floor(stake × 85 / 100), the rest to the pool;
 * successful → stake back plus a pro-rata share of the pool (largest remainder, ties to the earliest created, then id);
 * no successful challenge → the whole pool to platform revenue. Money out always equals money in, to the paisa.
 */
export interface SplitInput {
  id: string;
  userId: string;
  /** paise, > 0 */
  stake: bigint;
  isSuccessful: boolean;
  createdAt: Date;
}

export interface SplitLine {
  /** 1-based, in (createdAt, id) order: the anonymous number a receipt shows. */
  lineNo: number;
  challengeId: string;
  userId: string;
  stake: bigint;
  isSuccessful: boolean;
  /** failed: 85% of the stake back; winners: 0 */
  refund: bigint;
  /** failed: the stake's share that funds the pool; winners: 0 */
  pooled: bigint;
  /** winners: their share of the pool (beyond the stake); failed: 0 */
  winnings: bigint;
  /** what the user's wallet receives in total: refund, or stake + winnings */
  payout: bigint;
}

export interface SplitTotals {
  participants: number;
  successes: number;
  failures: number;
  pool: bigint;
  sharesTotal: bigint;
  /** paise handed out one each by largest remainder after the floored shares */
  roundingRemainderDistributed: bigint;
  platformRevenue: bigint;
  /** Σ stakes */
  moneyIn: bigint;
  /** Σ payouts + platform revenue; always equal to moneyIn */
  moneyOut: bigint;
}

export interface SplitResult {
  lines: SplitLine[];
  totals: SplitTotals;
}

export const REFUND_PERCENT = 85n;

export function refundOf(stake: bigint): bigint {
  return (stake * REFUND_PERCENT) / 100n;
}

/** Earliest created first, then id: the order of receipt lines and of remainder ties. */
function byCreatedThenId(a: SplitInput, b: SplitInput): number {
  const t = a.createdAt.getTime() - b.createdAt.getTime();
  if (t !== 0) return t;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export function computeSplit(input: readonly SplitInput[]): SplitResult {
  const rows = [...input].sort(byCreatedThenId);
  const seen = new Set<string>();
  for (const r of rows) {
    if (seen.has(r.id)) throw new Error(`computeSplit: duplicate challenge ${r.id}`);
    seen.add(r.id);
    if (r.stake <= 0n) throw new Error(`computeSplit: stake of ${r.id} must be positive`);
  }

  const lines: SplitLine[] = rows.map((r, i) => {
    const refund = r.isSuccessful ? 0n : refundOf(r.stake);
    const pooled = r.isSuccessful ? 0n : r.stake - refund;
    return { lineNo: i + 1, challengeId: r.id, userId: r.userId, stake: r.stake, isSuccessful: r.isSuccessful, refund, pooled, winnings: 0n, payout: refund };
  });

  let pool = 0n;
  let winnerStakes = 0n;
  const winners: { line: SplitLine; remainder: bigint }[] = [];
  for (const l of lines) {
    pool += l.pooled;
    if (l.isSuccessful) {
      winnerStakes += l.stake;
      winners.push({ line: l, remainder: 0n });
    }
  }

  let sharesTotal = 0n;
  let remainderDistributed = 0n;
  let platformRevenue = 0n;
  if (winners.length === 0) {
    platformRevenue = pool;
  } else {
    for (const w of winners) {
      const exact = pool * w.line.stake;
      w.line.winnings = exact / winnerStakes;
      w.remainder = exact % winnerStakes;
      sharesTotal += w.line.winnings;
    }
    remainderDistributed = pool - sharesTotal;
    // Largest fractional remainder first; winners are already in (createdAt, id) order and sort is stable.
    const order = [...winners].sort((a, b) => (a.remainder > b.remainder ? -1 : a.remainder < b.remainder ? 1 : 0));
    for (let i = 0n; i < remainderDistributed; i++) order[Number(i)].line.winnings += 1n;
    sharesTotal = pool;
    for (const w of winners) w.line.payout = w.line.stake + w.line.winnings;
  }

  let moneyIn = 0n;
  let payouts = 0n;
  for (const l of lines) {
    moneyIn += l.stake;
    payouts += l.payout;
  }
  const totals: SplitTotals = {
    participants: lines.length,
    successes: winners.length,
    failures: lines.length - winners.length,
    pool,
    sharesTotal,
    roundingRemainderDistributed: remainderDistributed,
    platformRevenue,
    moneyIn,
    moneyOut: payouts + platformRevenue,
  };
  if (totals.moneyOut !== totals.moneyIn) throw new Error('computeSplit: money out differs from money in');
  return { lines, totals };
}
