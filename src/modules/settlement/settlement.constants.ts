import { tuning } from '../../config/tuning.js';

/** The settlement queue and its job names (BullMQ custom ids may not contain ':', so ids use '-'). */
export const SETTLEMENT_QUEUE = 'settlement';

export const SettlementJob = {
  /** Scheduled daily (SETTLEMENT_CRON): closes what is due and enqueues one settle job per date to settle. */
  DAILY: 'settle-daily',
  /** Settles one date: data { date }. */
  SETTLE_DATE: 'settle-date',
  /** 15:00 Asia/Kolkata: alerts when today is not settled. */
  DEADLINE: 'settlement-deadline',
  /** A child of settle-date when the day is split: pays one user range of one run: data { runId, winners, from, to }. */
  SETTLE_PART: 'settle-part',
} as const;

/**
 * Child jobs a settle-date job splits a day into, by user-id range (env SETTLEMENT_PARTS, default 1 = the whole day in
 * the settle-date job itself; declared in config/tuning.ts, refused at boot when malformed). Losers' parts run first (they fund the day's pool), then winners' parts, then the
 * parent finishes (revenue, SETTLED). More worker processes then settle one day faster.
 */
export function settlementParts(): number {
  return tuning('SETTLEMENT_PARTS');
}

/**
 * Settlement jobs (a day, or a part of one) one worker process runs at once (env SETTLEMENT_CONCURRENCY, 1–16, default 2:
 * while one part waits on PostgreSQL the other computes). Scale out with more worker processes.
 */
export function settlementConcurrency(): number {
  return tuning('SETTLEMENT_CONCURRENCY');
}

/** [from, to) user-id bounds of part k of n (to null for the last). */
export function userRange(k: number, n: number): { from: string; to: string | null } {
  const bound = (i: number) =>
    `${Math.floor((i * 0x100000000) / n)
      .toString(16)
      .padStart(8, '0')}-0000-0000-0000-000000000000`;
  return { from: bound(k), to: k === n - 1 ? null : bound(k + 1) };
}

export const DEADLINE_CRON = '0 15 * * *';
/** How far back the daily job looks for dates left unsettled (catch-up after an outage). */
export const CATCH_UP_DAYS = 7;
/** Lines paid per database transaction (env SETTLEMENT_CHUNK_SIZE, 1–10,000, default 2,000). */
export function settlementChunkSize(): number {
  return tuning('SETTLEMENT_CHUNK_SIZE');
}
/** Rows read per GetSettleableChallengesQuery page. */
export const PAGE_SIZE = 5000;

export const settleJobId = (date: string): string => `settle-${date}`;

export const SETTLE_JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: 'exponential' as const, delay: 30_000 },
  removeOnComplete: true,
  removeOnFail: { count: 500 },
};
