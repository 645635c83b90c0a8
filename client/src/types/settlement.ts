// The settlement receipt (ARCHITECTURE.md "Response shapes"): shown to users (challenges' receipt modal)
// and to staff (support console's settlements panel). One definition for both.

/** One anonymous line of a settlement receipt. */
export interface SettlementReceiptLine {
  line: number;
  stake: number;
  outcome: 'SUCCESS' | 'FAILED';
  refund: number;
  winnings: number;
  /** pledge mode: what a miss donated */
  donated?: number;
}

/** A settlement batch's receipt: money in, refunds, pool, shares, revenue, money out (rupees). */
export interface SettlementReceipt {
  date: string;
  batch: number;
  participants: number;
  successes: number;
  failures: number;
  moneyIn: number;
  refundsTotal: number;
  stakesReturned: number;
  pool: number;
  sharesTotal: number;
  roundingRemainder: number;
  platformRevenue: number;
  moneyOut: number;
  rule: string;
  lines?: SettlementReceiptLine[];
  /** pledge: no pool and no winnings; misses donated (per charity), the platform's part in platformRevenue */
  mode?: 'pool' | 'pledge';
  donated?: number;
  donations?: { charityId: string; name: string; challenges: number; amount: number }[];
}
