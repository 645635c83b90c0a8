import type { StoredReceipt } from '../domain/receipt.js';

/** The settlement tables' rows as the module reads them, and the SQL column lists that produce them. */

export type RunStatus = 'RUNNING' | 'SETTLED' | 'FAILED';

export interface SettlementRun {
  id: string;
  date: string;
  batchNo: number;
  status: RunStatus;
  participants: number;
  successes: number;
  failures: number;
  pool: bigint;
  platformRevenue: bigint;
  revenuePaid: boolean;
  receipt: StoredReceipt;
  attempts: number;
  lastError: string | null;
  startedAt: Date;
  finishedAt: Date | null;
}

export interface SettlementLineRow {
  challengeId: string;
  runId: string;
  date: string;
  lineNo: number;
  userId: string;
  stake: bigint;
  isSuccessful: boolean;
  refund: bigint;
  pooled: bigint;
  winnings: bigint;
  status: 'PENDING' | 'PAID';
  /** pledge-mode miss: the charity its `pooled` share is donated to (null: platform revenue, or a pool-mode line) */
  charityId: string | null;
  /** a miss forgiven for an outage: the outage's id and the words the user reads (refund = stake, pooled = 0) */
  forgivenBy: string | null;
  forgivenNote: string | null;
  /** a miss's reason its owner reads (a rejected proof photo); null otherwise */
  missNote: string | null;
}

export interface SettlementAlert {
  id: string;
  date: string;
  kind: 'LATE' | 'FAILED';
  message: string;
  createdAt: Date;
}

export type Row = Record<string, unknown>;

/** One settleable challenge as staged for a plan (a page of GetSettleableChallengesQuery). */
export interface StagedChallenge {
  id: string;
  userId: string;
  stake: bigint;
  isSuccessful: boolean;
  createdAt: Date;
  /** pledge mode: the charity a miss is donated to (null: the platform); unused by pool-mode plans */
  charityId?: string | null;
  /** a miss whose window overlapped an outage: the outage's id and why, as the user reads it (ignored on a success) */
  forgivenBy?: string | null;
  forgivenNote?: string | null;
  /** a miss's reason its owner reads in the notice (a rejected proof photo) */
  missNote?: string | null;
}

/** TypeORM answers UPDATE … RETURNING with [rows, count] and SELECT / INSERT … RETURNING with rows: take the rows either way. */
export function returned(result: unknown): Row[] {
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[0] as Row[];
  return (Array.isArray(result) ? result : []) as Row[];
}

export const RUN_COLUMNS = `id, to_char(settlement_date, 'YYYY-MM-DD') AS date, batch_no, status, participants, successes, failures, pool,
  platform_revenue, revenue_paid, receipt, attempts, last_error, started_at, finished_at`;
export const LINE_COLUMNS = `challenge_id, run_id, to_char(settlement_date, 'YYYY-MM-DD') AS date, line_no, user_id, stake, is_successful,
  refund, pooled, winnings, status, charity_id, forgiven_by, forgiven_note, miss_note`;

export function toRun(r: Row): SettlementRun {
  return {
    id: r.id as string,
    date: r.date as string,
    batchNo: Number(r.batch_no),
    status: r.status as RunStatus,
    participants: Number(r.participants),
    successes: Number(r.successes),
    failures: Number(r.failures),
    pool: BigInt(r.pool as string),
    platformRevenue: BigInt(r.platform_revenue as string),
    revenuePaid: r.revenue_paid as boolean,
    receipt: r.receipt as StoredReceipt,
    attempts: Number(r.attempts),
    lastError: (r.last_error as string | null) ?? null,
    startedAt: r.started_at as Date,
    finishedAt: (r.finished_at as Date | null) ?? null,
  };
}

export function toLine(r: Row): SettlementLineRow {
  return {
    challengeId: r.challenge_id as string,
    runId: r.run_id as string,
    date: r.date as string,
    lineNo: Number(r.line_no),
    userId: r.user_id as string,
    stake: BigInt(r.stake as string),
    isSuccessful: r.is_successful as boolean,
    refund: BigInt(r.refund as string),
    pooled: BigInt(r.pooled as string),
    winnings: BigInt(r.winnings as string),
    status: r.status as 'PENDING' | 'PAID',
    charityId: (r.charity_id as string | null) ?? null,
    forgivenBy: (r.forgiven_by as string | null) ?? null,
    forgivenNote: (r.forgiven_note as string | null) ?? null,
    missNote: (r.miss_note as string | null) ?? null,
  };
}
