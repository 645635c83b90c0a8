import { toRupees } from '../../../common/money.js';
import type { ReceiptOutcome, StoredReceipt } from '../domain/receipt.js';
import type { SettlementAlert, SettlementRun } from '../infrastructure/settlement.repository.js';

/** A receipt as the API shows it: rupees, anonymous lines (number, stake, outcome, refund, winnings). */
export interface ReceiptView {
  date: string;
  batch: number;
  participants: number;
  successes: number;
  /** misses that lost money */
  failures: number;
  /** misses forgiven for an outage of ours: the whole stake back (their refunds are in refundsTotal) */
  forgiven: number;
  forgivenTotal: number;
  moneyIn: number;
  refundsTotal: number;
  stakesReturned: number;
  pool: number;
  sharesTotal: number;
  roundingRemainder: number;
  platformRevenue: number;
  moneyOut: number;
  rule: string;
  lines: { line: number; stake: number; outcome: ReceiptOutcome; refund: number; winnings: number; donated?: number }[];
  /** POOL_MODE of the batch's challenges: pledge batches have no pool and no winnings */
  mode: 'pool' | 'pledge';
  /** The proof level of the batch's challenges (pools are per date and proof) */
  proof: 'NONE' | 'PHOTO';
  /** pledge: rupees donated to charities, and per charity (the platform's part is platformRevenue) */
  donated?: number;
  donations?: { charityId: string; name: string; challenges: number; amount: number }[];
}

const r = (paise: string): number => toRupees(BigInt(paise));

export function receiptView(rc: StoredReceipt, charityNames?: ReadonlyMap<string, string>): ReceiptView {
  const pledge = rc.mode === 'pledge';
  return {
    date: rc.date,
    batch: rc.batch,
    participants: rc.participants,
    successes: rc.successes,
    failures: rc.failures,
    forgiven: rc.forgiven ?? 0,
    forgivenTotal: r(rc.forgivenTotal ?? '0'),
    moneyIn: r(rc.moneyIn),
    refundsTotal: r(rc.refundsTotal),
    stakesReturned: r(rc.stakesReturned),
    pool: r(rc.pool),
    sharesTotal: r(rc.sharesTotal),
    roundingRemainder: r(rc.roundingRemainder),
    platformRevenue: r(rc.platformRevenue),
    moneyOut: r(rc.moneyOut),
    rule: rc.rule,
    lines: rc.lines.map(([line, stake, outcome, refund, winnings]) => ({
      line,
      stake: r(stake),
      outcome,
      refund: r(refund),
      winnings: r(winnings),
      ...(pledge ? { donated: outcome === 'FAILED' ? toRupees(BigInt(stake) - BigInt(refund)) : 0 } : {}),
    })),
    mode: pledge ? 'pledge' : 'pool',
    proof: rc.proof ?? 'NONE',
    ...(pledge
      ? {
          donated: r(rc.donated ?? '0'),
          donations: (rc.donations ?? []).map((d) => ({
            charityId: d.charityId,
            name: charityNames?.get(d.charityId) ?? d.charityId,
            challenges: d.challenges,
            amount: r(d.amount),
          })),
        }
      : {}),
  };
}

export function runView(run: SettlementRun, withLines: boolean) {
  const receipt = receiptView(run.receipt);
  return {
    id: run.id,
    date: run.date,
    batch: run.batchNo,
    status: run.status,
    attempts: run.attempts,
    lastError: run.lastError,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    receipt: withLines ? receipt : { ...receipt, lines: undefined },
  };
}

export function alertView(a: SettlementAlert) {
  return { id: a.id, date: a.date, kind: a.kind, message: a.message, createdAt: a.createdAt.toISOString() };
}
