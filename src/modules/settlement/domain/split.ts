/**
 * The daily split, in paise, pure (no Nest, no ORM, no clock).
 * failed → refund floor(stake × 85 / 100), the rest to the pool;
 * successful → stake back plus a pro-rata share of the pool (largest remainder, ties to the earliest created, then id);
 * no successful challenge → the whole pool to platform revenue. Money out always equals money in, to the paisa.
 * A miss forgiven for an outage (forgivenBy, see forgiveness.ts) gets its whole stake back and adds nothing to the pool.
 */
export interface SplitInput {
  id: string;
  userId: string;
  /** paise, > 0 */
  stake: bigint;
  isSuccessful: boolean;
  createdAt: Date;
  /** a miss whose window overlapped an outage: the outage's id (ignored on a success) */
  forgivenBy?: string | null;
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
  /** a forgiven miss: the outage that forgave it (refund = stake, pooled = 0); null otherwise */
  forgivenBy: string | null;
}

export interface SplitTotals {
  participants: number;
  successes: number;
  /** misses that count as losses (forgiven ones are not among them) */
  failures: number;
  /** misses forgiven for an outage: whole stake back, nothing to the pool */
  forgiven: number;
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

/**
 * The share of a missed stake refunded, floored to the paisa. The single place the rule's percentage is written: the
 * pool-mode SQL (infrastructure/settlement-plan.sql.ts poolSplitSql) is generated from it.
 */
export const REFUND_PERCENT = 85n;

export function refundOf(stake: bigint): bigint {
  return (stake * REFUND_PERCENT) / 100n;
}

/** Whether a line is a forgiven miss. */
export function isForgiven(r: { isSuccessful: boolean; forgivenBy?: string | null }): boolean {
  return !r.isSuccessful && !!r.forgivenBy;
}

/** What a miss gets back: the whole stake when forgiven, else refundOf; what it leaves (pool or charity) is the rest. */
export function missRefund(stake: bigint, forgiven: boolean): bigint {
  return forgiven ? stake : refundOf(stake);
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
    const forgivenBy = isForgiven(r) ? r.forgivenBy! : null;
    const refund = r.isSuccessful ? 0n : missRefund(r.stake, forgivenBy !== null);
    const pooled = r.isSuccessful ? 0n : r.stake - refund;
    return {
      lineNo: i + 1,
      challengeId: r.id,
      userId: r.userId,
      stake: r.stake,
      isSuccessful: r.isSuccessful,
      refund,
      pooled,
      winnings: 0n,
      payout: refund,
      forgivenBy,
    };
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
  let forgiven = 0;
  for (const l of lines) {
    moneyIn += l.stake;
    payouts += l.payout;
    if (l.forgivenBy) forgiven++;
  }
  const totals: SplitTotals = {
    participants: lines.length,
    successes: winners.length,
    failures: lines.length - winners.length - forgiven,
    forgiven,
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

/** What a failed stake leaves to the pool: the stake minus its refund. */
export function forfeitOf(stake: bigint): bigint {
  return stake - refundOf(stake);
}

/** A date's pool as it stands before settlement: what the failed stakes leave and the winners' stakes. */
export interface PoolSoFar {
  pool: bigint;
  winnerStakes: bigint;
}

export function poolSoFar(groups: readonly { stake: bigint; isSuccessful: boolean; count: number }[]): PoolSoFar {
  let pool = 0n;
  let winnerStakes = 0n;
  for (const g of groups) {
    if (g.isSuccessful) winnerStakes += g.stake * BigInt(g.count);
    else pool += forfeitOf(g.stake) * BigInt(g.count);
  }
  return { pool, winnerStakes };
}

/** A winner's pro-rata share of the pool so far, floored (settlement hands the remainder paise out one by one). */
export function estimatePoolShare(p: PoolSoFar, stake: bigint, joining: boolean): bigint {
  const stakes = p.winnerStakes + (joining ? stake : 0n);
  return stakes > 0n ? (p.pool * stake) / stakes : 0n;
}

/**
 * Pledge mode (POOL_MODE=pledge), pure: nobody wins anyone else's money. failed → the same refund as in pool mode
 * (refundOf), the rest donated to the charity fixed at creation (null: platform revenue); successful → exactly the stake
 * back. Lines in (createdAt, id) order like computeSplit; money out equals money in, to the paisa.
 */
export interface PledgeSplitInput extends SplitInput {
  charityId: string | null;
}

export interface PledgeSplitLine extends SplitLine {
  /** failed: where `pooled` (the donated share) goes; null: platform revenue */
  charityId: string | null;
}

export interface PledgeSplitResult {
  lines: PledgeSplitLine[];
  totals: SplitTotals & {
    /** Σ forfeits sent to charities (platform-bound forfeits are in platformRevenue) */
    donated: bigint;
    /** per charity: challenges and paise, in charity id order */
    donations: { charityId: string; challenges: number; amount: bigint }[];
  };
}

export function computePledgeSplit(input: readonly PledgeSplitInput[]): PledgeSplitResult {
  const rows = [...input].sort(byCreatedThenId);
  const seen = new Set<string>();
  const byCharity = new Map<string, { challenges: number; amount: bigint }>();
  let moneyIn = 0n;
  let payouts = 0n;
  let donated = 0n;
  let platformRevenue = 0n;
  let successes = 0;
  let forgiven = 0;
  const lines = rows.map((r, i): PledgeSplitLine => {
    if (seen.has(r.id)) throw new Error(`computePledgeSplit: duplicate challenge ${r.id}`);
    seen.add(r.id);
    if (r.stake <= 0n) throw new Error(`computePledgeSplit: stake of ${r.id} must be positive`);
    const forgivenBy = isForgiven(r) ? r.forgivenBy! : null;
    const refund = r.isSuccessful ? 0n : missRefund(r.stake, forgivenBy !== null);
    const forfeit = r.isSuccessful ? 0n : r.stake - refund;
    const payout = r.isSuccessful ? r.stake : refund;
    moneyIn += r.stake;
    payouts += payout;
    if (r.isSuccessful) successes++;
    else if (forgivenBy) forgiven++;
    else if (r.charityId) {
      donated += forfeit;
      const d = byCharity.get(r.charityId) ?? { challenges: 0, amount: 0n };
      d.challenges++;
      d.amount += forfeit;
      byCharity.set(r.charityId, d);
    } else platformRevenue += forfeit;
    return {
      lineNo: i + 1,
      challengeId: r.id,
      userId: r.userId,
      stake: r.stake,
      isSuccessful: r.isSuccessful,
      refund,
      pooled: forfeit,
      winnings: 0n,
      payout,
      charityId: r.isSuccessful || forgivenBy ? null : r.charityId,
      forgivenBy,
    };
  });
  const moneyOut = payouts + donated + platformRevenue;
  if (moneyOut !== moneyIn) throw new Error('computePledgeSplit: money out differs from money in');
  return {
    lines,
    totals: {
      participants: lines.length,
      successes,
      failures: lines.length - successes - forgiven,
      forgiven,
      pool: 0n,
      sharesTotal: 0n,
      roundingRemainderDistributed: 0n,
      platformRevenue,
      moneyIn,
      moneyOut,
      donated,
      donations: [...byCharity.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([charityId, d]) => ({ charityId, ...d })),
    },
  };
}
