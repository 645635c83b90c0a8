import type { PledgeSplitResult, SplitResult } from './split.js';

/** One anonymous receipt line: [lineNo, stake, outcome, refund, winnings] (paise as strings, no user ids). */
export type ReceiptLine = [number, string, ReceiptOutcome, string, string];
/** FORGIVEN: a miss whose window overlapped an outage of ours (whole stake back, nothing to the pool). */
export type ReceiptOutcome = 'SUCCESS' | 'FAILED' | 'FORGIVEN';

export function receiptOutcome(l: { isSuccessful: boolean; forgivenBy?: string | null }): ReceiptOutcome {
  return l.isSuccessful ? 'SUCCESS' : l.forgivenBy ? 'FORGIVEN' : 'FAILED';
}

/** Appended to a batch's rule: how a forgiven miss is settled. */
export const FORGIVEN_RULE = 'a miss whose check-in window overlapped an outage we recorded: forgiven, the whole stake refunded and nothing forfeited';

/** The stored receipt of a date's settlement batch: amounts in paise (decimal strings), totals that add up. */
export interface StoredReceipt {
  date: string;
  batch: number;
  participants: number;
  successes: number;
  /** misses that lost money; forgiven misses are counted apart */
  failures: number;
  /** misses forgiven for an outage (absent in receipts stored before 0) */
  forgiven?: number;
  /** Σ stakes returned whole to forgiven misses (inside refundsTotal), paise */
  forgivenTotal?: string;
  moneyIn: string;
  refundsTotal: string;
  stakesReturned: string;
  pool: string;
  sharesTotal: string;
  roundingRemainder: string;
  platformRevenue: string;
  moneyOut: string;
  /** moneyIn = refundsTotal + stakesReturned + sharesTotal + platformRevenue; pool = sharesTotal + platformRevenue (refundsTotal includes forgivenTotal) */
  rule: string;
  /** filled from settlement_lines when read; stored empty */
  lines: ReceiptLine[];
  /** a batch of TEST_MODE challenges: settled in a pool of its own (`pool:{date}:test`), never with real ones */
  test?: boolean;
  /** a batch of PHOTO-proof challenges: their own pool (`pool:{date}:photo`); absent for NONE */
  proof?: 'PHOTO';
  /** a batch of pledge-mode challenges (POOL_MODE=pledge at creation): no pool, misses donated; absent in pool mode */
  mode?: 'pledge';
  /** pledge: Σ forfeits donated to charities (paise) */
  donated?: string;
  /** pledge: per charity, challenges and paise (the platform's part is platformRevenue) */
  donations?: { charityId: string; challenges: number; amount: string }[];
}

/** What every receipt opens with: the counts, and the refunds and returned stakes summed over its lines. */
function receiptHead(
  date: string,
  batch: number,
  t: { participants: number; successes: number; failures: number; forgiven: number; moneyIn: bigint },
  lines: readonly { refund: bigint; stake: bigint; isSuccessful: boolean; forgivenBy?: string | null }[],
): Pick<
  StoredReceipt,
  'date' | 'batch' | 'participants' | 'successes' | 'failures' | 'forgiven' | 'forgivenTotal' | 'moneyIn' | 'refundsTotal' | 'stakesReturned'
> {
  let refunds = 0n;
  let returned = 0n;
  let forgivenTotal = 0n;
  for (const l of lines) {
    refunds += l.refund;
    if (l.isSuccessful) returned += l.stake;
    if (l.forgivenBy) forgivenTotal += l.refund;
  }
  return {
    date,
    batch,
    participants: t.participants,
    successes: t.successes,
    failures: t.failures,
    forgiven: t.forgiven,
    forgivenTotal: String(forgivenTotal),
    moneyIn: String(t.moneyIn),
    refundsTotal: String(refunds),
    stakesReturned: String(returned),
  };
}

export const PLEDGE_RECEIPT_RULE = `pledge mode: failed: 85% of the stake refunded (floored to the paisa), the rest donated to the charity picked at creation (or to the platform when none is configured); successful: the stake back in full; nobody receives another player's money; ${FORGIVEN_RULE}`;

/** The stored receipt of a pledge-mode batch (pool and shares are zero; moneyIn = refunds + stakes returned + donated + platform). */
export function buildPledgeReceipt(date: string, batch: number, split: PledgeSplitResult, test: boolean): StoredReceipt {
  const t = split.totals;
  return {
    ...receiptHead(date, batch, t, split.lines),
    pool: '0',
    sharesTotal: '0',
    roundingRemainder: '0',
    platformRevenue: String(t.platformRevenue),
    moneyOut: String(t.moneyOut),
    rule: PLEDGE_RECEIPT_RULE,
    lines: [],
    ...(test ? { test: true } : {}),
    mode: 'pledge',
    donated: String(t.donated),
    donations: t.donations.map((d) => ({ charityId: d.charityId, challenges: d.challenges, amount: String(d.amount) })),
  };
}

export const RECEIPT_RULE = `failed: 85% of the stake refunded (floored to the paisa), the rest to the pool; successful: stake back plus a share of the pool pro rata to the stake (largest remainder, ties to the earliest created); no successful challenge: the pool goes to platform revenue; ${FORGIVEN_RULE}`;

/**
 * The receipt built in memory from a computed split (the reference the stored plan matches; the settle handler stores
 * the same totals computed in SQL, with the lines kept in settlement_lines only).
 */
export function buildReceipt(date: string, batch: number, split: SplitResult): StoredReceipt {
  const t = split.totals;
  return {
    ...receiptHead(date, batch, t, split.lines),
    pool: String(t.pool),
    sharesTotal: String(t.sharesTotal),
    roundingRemainder: String(t.roundingRemainderDistributed),
    platformRevenue: String(t.platformRevenue),
    moneyOut: String(t.moneyOut),
    rule: RECEIPT_RULE,
    lines: split.lines.map((l) => [l.lineNo, String(l.stake), receiptOutcome(l), String(l.refund), String(l.winnings)]),
  };
}
