import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager, QueryRunner } from 'typeorm';
import { pgError } from '../../../common/pg-error.js';
import { buildPledgeReceipt, receiptOutcome, type ReceiptLine, type StoredReceipt } from '../domain/receipt.js';
import type { PledgeSplitResult } from '../domain/split.js';

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
}

export interface SettlementAlert {
  id: string;
  date: string;
  kind: 'LATE' | 'FAILED';
  message: string;
  createdAt: Date;
}

type Row = Record<string, unknown>;

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
}

/** TypeORM answers UPDATE … RETURNING with [rows, count] and SELECT / INSERT … RETURNING with rows: take the rows either way. */
function returned(result: unknown): Row[] {
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[0] as Row[];
  return (Array.isArray(result) ? result : []) as Row[];
}

const RUN_COLUMNS = `id, to_char(settlement_date, 'YYYY-MM-DD') AS date, batch_no, status, participants, successes, failures, pool,
  platform_revenue, revenue_paid, receipt, attempts, last_error, started_at, finished_at`;
const LINE_COLUMNS = `challenge_id, run_id, to_char(settlement_date, 'YYYY-MM-DD') AS date, line_no, user_id, stake, is_successful,
  refund, pooled, winnings, status, charity_id, forgiven_by, forgiven_note`;

function toRun(r: Row): SettlementRun {
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

function toLine(r: Row): SettlementLineRow {
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
  };
}

const LOCK_CLASS = 74201;

/** settlement_runs, settlement_lines and settlement_alerts, in plain SQL (bulk inserts, row claims, advisory locks). */
@Injectable()
export class SettlementRepository {
  private readonly logger = new Logger('Settlement');
  private walCompressionMethod: Promise<string | null> | undefined;

  constructor(@InjectDataSource() readonly dataSource: DataSource) {}

  /**
   * A session advisory lock per date on a connection of its own, held for the whole run: a second worker on the
   * same date backs off; if this process dies, PostgreSQL drops the lock with the connection.
   */
  async tryLockDate(date: string): Promise<(() => Promise<void>) | null> {
    const runner: QueryRunner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      const [{ locked }] = await runner.query(`SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked`, [LOCK_CLASS, date]);
      if (!locked) {
        await runner.release();
        return null;
      }
    } catch (e) {
      await runner.release();
      throw e;
    }
    return async () => {
      try {
        await runner.query(`SELECT pg_advisory_unlock($1, hashtext($2))`, [LOCK_CLASS, date]);
      } finally {
        await runner.release();
      }
    };
  }

  async runsOfDate(date: string, m: EntityManager = this.dataSource.manager): Promise<SettlementRun[]> {
    const rows: Row[] = await m.query(`SELECT ${RUN_COLUMNS} FROM settlement_runs WHERE settlement_date = $1 ORDER BY batch_no`, [date]);
    return rows.map(toRun);
  }

  async listRuns(date: string | null, limit: number): Promise<SettlementRun[]> {
    const rows: Row[] = date
      ? await this.dataSource.query(`SELECT ${RUN_COLUMNS} FROM settlement_runs WHERE settlement_date = $1 ORDER BY batch_no`, [date])
      : await this.dataSource.query(`SELECT ${RUN_COLUMNS} FROM settlement_runs ORDER BY settlement_date DESC, batch_no DESC LIMIT $1`, [limit]);
    return rows.map(toRun);
  }

  /** Dates with a batch not yet SETTLED (a crash or a failure to finish). */
  async unfinishedDates(): Promise<string[]> {
    const rows: Row[] = await this.dataSource.query(
      `SELECT DISTINCT to_char(settlement_date, 'YYYY-MM-DD') AS date FROM settlement_runs WHERE status <> 'SETTLED' ORDER BY 1`,
    );
    return rows.map((r) => r.date as string);
  }

  /**
   * Stores a batch's plan once, atomically, without holding the day in memory. Pass 1: the caller's pages of
   * settleable challenges are staged in a temporary table (one page in memory at a time). Pass 2, in SQL: the totals
   * (Σ stakes, refunds = floor(stake × 85 / 100), pool, Σ winner stakes, Σ floored shares), then ONE INSERT … SELECT
   * of every line: line numbers by (createdAt, id), shares floor(pool × stake / Σ winner stakes) and the remaining
   * paise one each to the largest fractional remainders (ties: the smaller line number = earliest created, then id) —
   * the same rule as domain/split.ts computeSplit. The run row holds the totals and a receipt without lines (they are
   * read from settlement_lines). Lines insert with ON CONFLICT DO NOTHING; a challenge already planned in another
   * batch aborts the plan. Answers null when nothing was staged.
   */
  async createPlanStreamed(date: string, pages: AsyncIterable<StagedChallenge[]>, rule: string, now: Date, test = false): Promise<SettlementRun | 'CONFLICT' | null> {
    return this.dataSource.transaction(async (m) => {
      // the line numbering and the remainder ranking sort the whole day: in memory, not in temporary files
      await this.setLocal(m, { work_mem: '64MB', ...(await this.walCompression()) });
      // forgiven_by: a miss forgiven for an outage (domain/forgiveness.ts): refund = stake, pooled = 0, not a loss
      await m.query(`CREATE TEMP TABLE settle_stage (id uuid NOT NULL, user_id uuid NOT NULL, stake bigint NOT NULL, ok boolean NOT NULL, created_at timestamptz NOT NULL, forgiven_by uuid, forgiven_note varchar(300)) ON COMMIT DROP`);
      for await (const page of pages) {
        if (page.length === 0) continue;
        for (const c of page) if (c.stake <= 0n) throw new Error(`settlement plan: stake of ${c.id} must be positive`);
        const forgiven = page.map((c) => (c.isSuccessful ? null : (c.forgivenBy ?? null)));
        await m.query(
          `INSERT INTO settle_stage (id, user_id, stake, ok, created_at, forgiven_by, forgiven_note)
           SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::bigint[], $4::boolean[], $5::timestamptz[], $6::uuid[], $7::varchar[])`,
          [page.map((c) => c.id), page.map((c) => c.userId), page.map((c) => String(c.stake)), page.map((c) => c.isSuccessful), page.map((c) => c.createdAt.toISOString()),
            forgiven, page.map((c, i) => (forgiven[i] ? (c.forgivenNote ?? null) : null))],
        );
      }
      const [t] = await m.query(
        `SELECT count(*)::int AS n, count(*) FILTER (WHERE ok)::int AS wins, count(DISTINCT id)::int AS distinct_ids,
                count(*) FILTER (WHERE forgiven_by IS NOT NULL)::int AS forgiven,
                coalesce(sum(stake), 0)::text AS money_in,
                coalesce(sum(CASE WHEN forgiven_by IS NULL THEN stake * 85 / 100 ELSE stake END) FILTER (WHERE NOT ok), 0)::text AS refunds,
                coalesce(sum(stake) FILTER (WHERE forgiven_by IS NOT NULL), 0)::text AS forgiven_total,
                coalesce(sum(stake - stake * 85 / 100) FILTER (WHERE NOT ok AND forgiven_by IS NULL), 0)::text AS pool,
                coalesce(sum(stake) FILTER (WHERE ok), 0)::text AS winner_stakes
           FROM settle_stage`,
      );
      const participants = Number(t.n);
      if (participants === 0) return null;
      if (Number(t.distinct_ids) !== participants) throw new Error(`settlement plan ${date}: duplicate challenge in the settleable set`);
      const successes = Number(t.wins);
      const forgiven = Number(t.forgiven);
      const failures = participants - successes - forgiven;
      const moneyIn = BigInt(t.money_in);
      const refunds = BigInt(t.refunds);
      const pool = BigInt(t.pool);
      const winnerStakes = BigInt(t.winner_stakes);
      let floors = 0n;
      if (successes > 0) {
        const [f] = await m.query(`SELECT coalesce(sum(div($1::numeric * stake, $2::numeric)), 0)::text AS floors FROM settle_stage WHERE ok`, [String(pool), String(winnerStakes)]);
        floors = BigInt(f.floors);
      }
      const sharesTotal = successes > 0 ? pool : 0n;
      const remainder = successes > 0 ? pool - floors : 0n;
      const platformRevenue = successes > 0 ? 0n : pool;
      const moneyOut = refunds + winnerStakes + sharesTotal + platformRevenue;
      if (moneyOut !== moneyIn) throw new Error(`settlement plan ${date}: money out differs from money in`);

      const [{ next }] = await m.query(`SELECT COALESCE(MAX(batch_no), 0) + 1 AS next FROM settlement_runs WHERE settlement_date = $1`, [date]);
      const batchNo = Number(next);
      const receipt: StoredReceipt = {
        date, batch: batchNo, participants, successes, failures, forgiven, forgivenTotal: String(t.forgiven_total),
        moneyIn: String(moneyIn), refundsTotal: String(refunds), stakesReturned: String(winnerStakes), pool: String(pool),
        sharesTotal: String(sharesTotal), roundingRemainder: String(remainder), platformRevenue: String(platformRevenue),
        moneyOut: String(moneyOut), rule, lines: [],
        ...(test ? { test: true } : {}),
      };
      const [run] = await m.query(
        `INSERT INTO settlement_runs (settlement_date, batch_no, status, participants, successes, failures, pool, shares_total,
           rounding_remainder, platform_revenue, money_in, money_out, receipt, attempts, started_at, updated_at)
         VALUES ($1, $2, 'RUNNING', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 1, $13, $13)
         RETURNING ${RUN_COLUMNS}`,
        [date, batchNo, participants, successes, failures, String(pool), String(sharesTotal), String(remainder),
          String(platformRevenue), String(moneyIn), String(moneyOut), JSON.stringify(receipt), now],
      );
      const runId = run.id as string;
      const [ins] = await m.query(
        `WITH ins AS (
           INSERT INTO settlement_lines (challenge_id, run_id, settlement_date, line_no, user_id, stake, is_successful, refund, pooled, winnings, forgiven_by, forgiven_note)
           SELECT id, $1, $2, line_no, user_id, stake, ok, refund, pooled,
                  CASE WHEN ok THEN fl + CASE WHEN rr <= $5::bigint THEN 1 ELSE 0 END ELSE 0 END, forgiven_by, forgiven_note
             FROM (SELECT b.*, row_number() OVER (PARTITION BY ok ORDER BY rem DESC, line_no) AS rr
                     FROM (SELECT id, user_id, stake, ok, forgiven_by, forgiven_note,
                                  row_number() OVER (ORDER BY created_at, id) AS line_no,
                                  CASE WHEN ok THEN 0 WHEN forgiven_by IS NOT NULL THEN stake ELSE stake * 85 / 100 END AS refund,
                                  CASE WHEN ok OR forgiven_by IS NOT NULL THEN 0 ELSE stake - stake * 85 / 100 END AS pooled,
                                  CASE WHEN ok THEN div($3::numeric * stake, nullif($4::numeric, 0)) ELSE 0 END AS fl,
                                  CASE WHEN ok THEN mod($3::numeric * stake, nullif($4::numeric, 0)) ELSE 0 END AS rem
                             FROM settle_stage) b) x
           ON CONFLICT (challenge_id) DO NOTHING
           RETURNING winnings)
         SELECT count(*)::int AS n, coalesce(sum(winnings), 0)::text AS shares FROM ins`,
        [runId, date, String(pool), String(winnerStakes), String(remainder)],
      );
      if (Number(ins.n) !== participants) throw new PlanConflict();
      if (BigInt(ins.shares) !== sharesTotal) throw new Error(`settlement plan ${date}: shares ${ins.shares} differ from the pool ${sharesTotal}`);
      return toRun(run);
    }).catch((e: unknown) => {
      if (e instanceof PlanConflict) return 'CONFLICT' as const;
      throw e;
    });
  }

  /**
   * Stores a pledge-mode batch's plan (split computed in memory by computePledgeSplit: the simple path, apart from the
   * pool-mode SQL one): the run with its receipt, then every line with the charity its miss is donated to. A challenge
   * already planned in another batch aborts the plan (CONFLICT), as in createPlanStreamed.
   */
  async createPledgePlan(date: string, split: PledgeSplitResult, now: Date, test: boolean, notes?: ReadonlyMap<string, string>): Promise<SettlementRun | 'CONFLICT' | null> {
    if (split.lines.length === 0) return null;
    return this.dataSource.transaction(async (m) => {
      const t = split.totals;
      const [{ next }] = await m.query(`SELECT COALESCE(MAX(batch_no), 0) + 1 AS next FROM settlement_runs WHERE settlement_date = $1`, [date]);
      const batchNo = Number(next);
      const receipt = buildPledgeReceipt(date, batchNo, split, test);
      const [run] = await m.query(
        `INSERT INTO settlement_runs (settlement_date, batch_no, status, participants, successes, failures, pool, shares_total,
           rounding_remainder, platform_revenue, money_in, money_out, receipt, attempts, started_at, updated_at)
         VALUES ($1, $2, 'RUNNING', $3, $4, $5, 0, 0, 0, $6, $7, $8, $9, 1, $10, $10)
         RETURNING ${RUN_COLUMNS}`,
        [date, batchNo, t.participants, t.successes, t.failures, String(t.platformRevenue), String(t.moneyIn), String(t.moneyOut), JSON.stringify(receipt), now],
      );
      const L = split.lines;
      const [ins] = await m.query(
        `WITH ins AS (
           INSERT INTO settlement_lines (challenge_id, run_id, settlement_date, line_no, user_id, stake, is_successful, refund, pooled, winnings, charity_id, forgiven_by, forgiven_note)
           SELECT c, $1, $2, n, u, s, ok, rf, pl, 0, ch, fb, fn
             FROM unnest($3::uuid[], $4::int[], $5::uuid[], $6::bigint[], $7::boolean[], $8::bigint[], $9::bigint[], $10::text[], $11::uuid[], $12::varchar[]) AS x(c, n, u, s, ok, rf, pl, ch, fb, fn)
           ON CONFLICT (challenge_id) DO NOTHING
           RETURNING 1)
         SELECT count(*)::int AS n FROM ins`,
        [run.id, date, L.map((l) => l.challengeId), L.map((l) => l.lineNo), L.map((l) => l.userId), L.map((l) => String(l.stake)), L.map((l) => l.isSuccessful),
          L.map((l) => String(l.refund)), L.map((l) => String(l.pooled)), L.map((l) => l.charityId), L.map((l) => l.forgivenBy), L.map((l) => (l.forgivenBy ? (notes?.get(l.challengeId) ?? null) : null))],
      );
      if (Number(ins.n) !== L.length) throw new PlanConflict();
      return toRun(run);
    }).catch((e: unknown) => {
      if (e instanceof PlanConflict) return 'CONFLICT' as const;
      throw e;
    });
  }

  /** A receipt's anonymous lines, read from settlement_lines in line order (the stored receipt holds only totals). */
  async receiptLines(runId: string, m: EntityManager | DataSource = this.dataSource): Promise<ReceiptLine[]> {
    const rows: Row[] = await m.query(
      `SELECT line_no, stake::text AS stake, is_successful, forgiven_by, refund::text AS refund, winnings::text AS winnings FROM settlement_lines WHERE run_id = $1 ORDER BY line_no`,
      [runId],
    );
    return rows.map((r) => [Number(r.line_no), r.stake as string, receiptOutcome({ isSuccessful: r.is_successful as boolean, forgivenBy: r.forgiven_by as string | null }), r.refund as string, r.winnings as string]);
  }

  /** The run with its receipt's lines filled in from settlement_lines. */
  async withReceiptLines(run: SettlementRun): Promise<SettlementRun> {
    return { ...run, receipt: { ...run.receipt, lines: await this.receiptLines(run.id) } };
  }

  async markRunning(runId: string, now: Date): Promise<void> {
    await this.dataSource.query(
      `UPDATE settlement_runs SET status = 'RUNNING', attempts = attempts + 1, last_error = NULL, updated_at = $2 WHERE id = $1 AND status <> 'SETTLED'`,
      [runId, now],
    );
  }

  async markSettled(runId: string, now: Date): Promise<void> {
    await this.dataSource.query(
      `UPDATE settlement_runs SET status = 'SETTLED', finished_at = $2, last_error = NULL, updated_at = $2 WHERE id = $1`,
      [runId, now],
    );
  }

  async markFailed(date: string, error: string, now: Date): Promise<void> {
    await this.dataSource.query(
      `UPDATE settlement_runs SET status = 'FAILED', last_error = $2, updated_at = $3 WHERE settlement_date = $1 AND status <> 'SETTLED'`,
      [date, error.slice(0, 2000), now],
    );
  }

  async recordError(runId: string, error: string, now: Date): Promise<void> {
    await this.dataSource.query(`UPDATE settlement_runs SET last_error = $2, updated_at = $3 WHERE id = $1`, [runId, error.slice(0, 2000), now]);
  }

  async markRevenuePaid(m: EntityManager, runId: string): Promise<boolean> {
    const rows = returned(await m.query(`UPDATE settlement_runs SET revenue_paid = true WHERE id = $1 AND NOT revenue_paid RETURNING id`, [runId]));
    return rows.length === 1;
  }

  /**
   * Pending lines of one outcome in line order after the payer's cursor `afterLineNo` (a chunk's read starts where the
   * last one ended instead of stepping again over the index entries of every line paid so far), optionally only those
   * whose user id falls in [from, to) (to null: no upper bound). Line order is the challenges' creation order, which is
   * also the order of their rows, their time-ordered ids and every ledger key made from them: a chunk touches
   * neighbouring index pages instead of one random page per line, however large the day.
   */
  async pendingLines(
    runId: string, isSuccessful: boolean, afterLineNo: number, limit: number, users: { from: string; to: string | null } | null = null,
  ): Promise<SettlementLineRow[]> {
    const rows: Row[] = await this.dataSource.query(
      `SELECT ${LINE_COLUMNS} FROM settlement_lines
        WHERE run_id = $1 AND status = 'PENDING' AND is_successful = $2 AND line_no > $3
          AND ($4::uuid IS NULL OR user_id >= $4::uuid) AND ($5::uuid IS NULL OR user_id < $5::uuid)
        ORDER BY line_no LIMIT $6`,
      [runId, isSuccessful, afterLineNo, users?.from ?? null, users?.to ?? null, limit],
    );
    return rows.map(toLine);
  }

  async countPending(runId: string): Promise<{ failed: number; winners: number }> {
    const [r] = await this.dataSource.query(
      `SELECT count(*) FILTER (WHERE NOT is_successful) AS failed, count(*) FILTER (WHERE is_successful) AS winners
         FROM settlement_lines WHERE run_id = $1 AND status = 'PENDING'`,
      [runId],
    );
    return { failed: Number(r.failed), winners: Number(r.winners) };
  }

  /**
   * Fresh planner statistics for the tables a day's payment reads by key: closing a day and planning it move every one
   * of its challenges to COMPLETED and add as many pending lines, long before autovacuum would notice. (Without the
   * table's ownership PostgreSQL skips with a warning; nothing fails.)
   */
  async refreshStatistics(): Promise<void> {
    await this.dataSource.query(`ANALYZE challenges, settlement_lines`);
  }

  /**
   * For the rest of the payer's transaction, only index lookups joined by nested loops: every statement of a chunk
   * looks a few thousand rows up by key. PostgreSQL's cost model (pages read from disk, statistics from before the day
   * was closed) otherwise prefers hashing the batch against a scan of a whole table or index (challenges, pending
   * lines, journal keys, accounts), so each chunk cost as much as the day and a day's settlement grew with its square.
   * The same statement compresses the transaction's full-page images (see compressFullPages).
   */
  async useKeyedPlans(m: EntityManager): Promise<void> {
    await this.setLocal(m, { enable_seqscan: 'off', enable_bitmapscan: 'off', enable_hashjoin: 'off', enable_mergejoin: 'off', ...(await this.walCompression()) });
  }

  /** `SET LOCAL` of every setting given, in one statement. */
  private async setLocal(m: EntityManager, settings: Record<string, string>): Promise<void> {
    const names = Object.keys(settings);
    if (names.length === 0) return;
    await m.query(`SELECT ${names.map((_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, true)`).join(', ')}`, names.flatMap((n) => [n, settings[n]]));
  }

  /**
   * For the rest of a settlement transaction, its full-page images compressed in the WAL (`wal_compression`, lz4 else
   * pglz), where the database role may set it (a superuser, or PostgreSQL 15's GRANT SET ON PARAMETER); otherwise the
   * server's own setting stands. A settled line updates or inserts entries at random pages of the user-keyed indexes
   * and the balance projection, and after each checkpoint the first change to a page logs the whole page: on a large
   * day those images are most of the WAL, and the WAL's volume sets how often checkpoints come. Only this
   * transaction's records change; the server's setting and every other session's are untouched.
   */
  async compressFullPages(m: EntityManager): Promise<void> {
    await this.setLocal(m, await this.walCompression());
  }

  /** `{ wal_compression: method }` when this role may set it, else nothing. */
  private async walCompression(): Promise<Record<string, string>> {
    const method = await (this.walCompressionMethod ??= this.probeWalCompression());
    return method ? { wal_compression: method } : {};
  }

  /** The first WAL compression method this role may set (null: none); asked once per process. */
  private async probeWalCompression(): Promise<string | null> {
    for (const method of ['lz4', 'pglz']) {
      try {
        await this.dataSource.transaction((m) => this.setLocal(m, { wal_compression: method }));
        this.logger.log(`Settlement transactions compress their full-page images in the WAL (${method})`);
        return method;
      } catch (e) {
        const { code } = pgError(e);
        // not permitted (42501) or not built in (22023): the next method, or none; anything else (the database away) is
        // asked again next time
        if (code !== '42501' && code !== '22023') {
          this.walCompressionMethod = undefined;
          throw e;
        }
      }
    }
    this.logger.log('Settlement transactions keep the server\'s wal_compression (this role may not set it)');
    return null;
  }

  /**
   * Claims lines for payment inside the payer's transaction: only PENDING ones come back (row locks stop a second payer).
   * `<> 'PAID'` (the only other status) rather than `= 'PENDING'`, so the lines are found by primary key and not by a
   * walk of the partial pending indexes, which hold every line of the run still unpaid.
   */
  async claimLines(m: EntityManager, ids: string[], now: Date): Promise<Set<string>> {
    const rows = returned(await m.query(
      `UPDATE settlement_lines SET status = 'PAID', paid_at = $2 WHERE challenge_id = ANY($1::uuid[]) AND status <> 'PAID' RETURNING challenge_id`,
      [ids, now],
    ));
    return new Set(rows.map((r) => r.challenge_id as string));
  }

  /** Which of these challenges already sit in a stored plan. */
  async plannedAmong(ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows: Row[] = await this.dataSource.query(`SELECT challenge_id FROM settlement_lines WHERE challenge_id = ANY($1::uuid[])`, [ids]);
    return new Set(rows.map((r) => r.challenge_id as string));
  }

  /** The lines of these challenges (a user's challenges of the date, from the challenges module) on that date, by primary key. */
  async linesOfChallenges(challengeIds: string[], date: string): Promise<SettlementLineRow[]> {
    if (challengeIds.length === 0) return [];
    const rows: Row[] = await this.dataSource.query(
      `SELECT ${LINE_COLUMNS} FROM settlement_lines WHERE challenge_id = ANY($1::uuid[]) AND settlement_date = $2 ORDER BY line_no`,
      [challengeIds, date],
    );
    return rows.map(toLine);
  }

  async runById(id: string): Promise<SettlementRun | null> {
    const rows: Row[] = await this.dataSource.query(`SELECT ${RUN_COLUMNS} FROM settlement_runs WHERE id = $1`, [id]);
    return rows[0] ? toRun(rows[0]) : null;
  }

  async insertAlert(date: string, kind: 'LATE' | 'FAILED', message: string, now: Date): Promise<boolean> {
    const rows: Row[] = await this.dataSource.query(
      `INSERT INTO settlement_alerts (settlement_date, kind, message, created_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (settlement_date, kind) DO NOTHING RETURNING id`,
      [date, kind, message, now],
    );
    return rows.length === 1;
  }

  async alerts(date: string | null, limit = 100): Promise<SettlementAlert[]> {
    const rows: Row[] = await this.dataSource.query(
      `SELECT id, to_char(settlement_date, 'YYYY-MM-DD') AS date, kind, message, created_at FROM settlement_alerts
        WHERE ($1::date IS NULL OR settlement_date = $1::date) ORDER BY created_at DESC LIMIT $2`,
      [date, limit],
    );
    return rows.map((r) => ({ id: r.id as string, date: r.date as string, kind: r.kind as 'LATE' | 'FAILED', message: r.message as string, createdAt: r.created_at as Date }));
  }
}

class PlanConflict extends Error {}
