import { Command } from '@nestjs/cqrs';

export interface SettledBatchSummary {
  batch: number;
  status: 'RUNNING' | 'SETTLED' | 'FAILED';
  participants: number;
  successes: number;
  failures: number;
  /** paise */
  pool: bigint;
  sharesTotal: bigint;
  roundingRemainder: bigint;
  platformRevenue: bigint;
  moneyIn: bigint;
  moneyOut: bigint;
  /** pledge-mode batches only: no pool; Σ forfeits donated to charities (the platform's part is platformRevenue) */
  mode?: 'pledge';
  donated?: bigint;
}

export interface SettleDateResult {
  date: string;
  /** challenges closed as missed before settling */
  closed: number;
  /** lines paid by this run (0 when everything was already paid) */
  linesPaid: number;
  batches: SettledBatchSummary[];
  /** the plan step only: the date's unsettled runs, to be paid in parts */
  runIds?: string[];
}

/**
 * One step of a day settled in parts by the worker (BullMQ child jobs): `plan` closes what is due and stores the plan
 * (pays nothing); `pay` pays one outcome of one run for the users in [from, to) (losers' parts before winners');
 * `finish` takes the platform revenue and marks the runs SETTLED. Every step is idempotent.
 */
export type SettleStep =
  | { kind: 'plan' }
  | { kind: 'pay'; runId: string; winners: boolean; from: string; to: string | null }
  | { kind: 'finish'; closed: number; paidByParts: number };

/**
 * Settles every closed, unsettled challenge of a date (Asia/Kolkata): closes what is still open and due, finishes any
 * stored batch a crash left unpaid, then plans and pays a new batch for what remains. Idempotent: a second run pays nothing.
 * Refused with SETTLEMENT.BUSY (a 400 over HTTP) while another process settles the same date. With a `step`, only that
 * step of the same settlement (the worker's parts).
 */
export class SettleDateCommand extends Command<SettleDateResult> {
  constructor(
    readonly date: string,
    readonly step?: SettleStep,
  ) {
    super();
  }
}
