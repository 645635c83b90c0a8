import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager, QueryRunner } from 'typeorm';
import { PG, pgError } from '../../../common/pg-error.js';
import { receiptOutcome, type ReceiptLine } from '../domain/receipt.js';
import type { PledgeSplitResult } from '../domain/split.js';
import {
  LINE_COLUMNS,
  returned,
  RUN_COLUMNS,
  toLine,
  toRun,
  type Row,
  type SettlementAlert,
  type SettlementLineRow,
  type SettlementRun,
  type StagedChallenge,
} from './settlement-rows.js';
import { orConflict, writePledgePlan, writePoolPlan } from './settlement-plan.sql.js';

export type { RunStatus, SettlementAlert, SettlementLineRow, SettlementRun, StagedChallenge } from './settlement-rows.js';

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
   * (Σ stakes, refunds = refundOf(stake), pool, Σ winner stakes, Σ floored shares: SQL generated from the domain's rule,
   * see poolSplitSql), then ONE INSERT … SELECT of every line: line numbers by (createdAt, id), shares
   * floor(pool × stake / Σ winner stakes) and the remaining paise one each to the largest fractional remainders (ties:
   * the smaller line number = earliest created, then id) — the same rule as domain/split.ts computeSplit, checked against
   * it on random pools by test/e2e/split-property.e2e-spec.ts. The run row holds the totals and a receipt without lines (they are
   * read from settlement_lines). Lines insert with ON CONFLICT DO NOTHING; a challenge already planned in another
   * batch aborts the plan. Answers null when nothing was staged.
   */
  async createPlanStreamed(
    date: string,
    pages: AsyncIterable<StagedChallenge[]>,
    rule: string,
    now: Date,
    test = false,
    proof: 'NONE' | 'PHOTO' = 'NONE',
  ): Promise<SettlementRun | 'CONFLICT' | null> {
    return orConflict(
      this.dataSource.transaction(async (m) => {
        // the line numbering and the remainder ranking sort the whole day: in memory, not in temporary files
        await this.setLocal(m, { work_mem: '64MB', ...(await this.walCompression()) });
        const run = await writePoolPlan(m, date, pages, rule, now, test, undefined, proof);
        return run && toRun(run);
      }),
    );
  }

  /**
   * Stores a pledge-mode batch's plan (split computed in memory by computePledgeSplit: the simple path, apart from the
   * pool-mode SQL one): the run with its receipt, then every line with the charity its miss is donated to. A challenge
   * already planned in another batch aborts the plan (CONFLICT), as in createPlanStreamed.
   */
  async createPledgePlan(
    date: string,
    split: PledgeSplitResult,
    now: Date,
    test: boolean,
    notes?: ReadonlyMap<string, string>,
    proof: 'NONE' | 'PHOTO' = 'NONE',
    missNotes?: ReadonlyMap<string, string>,
  ): Promise<SettlementRun | 'CONFLICT' | null> {
    if (split.lines.length === 0) return null;
    return orConflict(this.dataSource.transaction(async (m) => toRun(await writePledgePlan(m, date, split, now, test, notes, proof, missNotes))));
  }

  /** A receipt's anonymous lines, read from settlement_lines in line order (the stored receipt holds only totals). */
  async receiptLines(runId: string, m: EntityManager | DataSource = this.dataSource): Promise<ReceiptLine[]> {
    const rows: Row[] = await m.query(
      `SELECT line_no, stake::text AS stake, is_successful, forgiven_by, refund::text AS refund, winnings::text AS winnings FROM settlement_lines WHERE run_id = $1 ORDER BY line_no`,
      [runId],
    );
    return rows.map((r) => [
      Number(r.line_no),
      r.stake as string,
      receiptOutcome({ isSuccessful: r.is_successful as boolean, forgivenBy: r.forgiven_by as string | null }),
      r.refund as string,
      r.winnings as string,
    ]);
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
    await this.dataSource.query(`UPDATE settlement_runs SET status = 'SETTLED', finished_at = $2, last_error = NULL, updated_at = $2 WHERE id = $1`, [
      runId,
      now,
    ]);
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
    runId: string,
    isSuccessful: boolean,
    afterLineNo: number,
    limit: number,
    users: { from: string | null; to: string | null } | null = null,
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
   * The same statement compresses the transaction's full-page images in the WAL (`wal_compression`, lz4 else pglz)
   * where the role may set it: a settled line touches random pages of the user-keyed indexes, and after a checkpoint
   * each first change logs the whole page, most of a large day's WAL. Only this transaction's records change.
   */
  async useKeyedPlans(m: EntityManager): Promise<void> {
    await this.setLocal(m, {
      enable_seqscan: 'off',
      enable_bitmapscan: 'off',
      enable_hashjoin: 'off',
      enable_mergejoin: 'off',
      ...(await this.walCompression()),
    });
  }

  /** `SET LOCAL` of every setting given, in one statement. */
  private async setLocal(m: EntityManager, settings: Record<string, string>): Promise<void> {
    const names = Object.keys(settings);
    if (names.length === 0) return;
    await m.query(
      `SELECT ${names.map((_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, true)`).join(', ')}`,
      names.flatMap((n) => [n, settings[n]]),
    );
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
        if (code !== PG.INSUFFICIENT_PRIVILEGE && code !== PG.INVALID_PARAMETER_VALUE) {
          this.walCompressionMethod = undefined;
          throw e;
        }
      }
    }
    this.logger.log("Settlement transactions keep the server's wal_compression (this role may not set it)");
    return null;
  }

  /**
   * Claims lines for payment inside the payer's transaction: only PENDING ones come back (row locks stop a second payer).
   * `<> 'PAID'` (the only other status) rather than `= 'PENDING'`, so the lines are found by primary key and not by a
   * walk of the partial pending indexes, which hold every line of the run still unpaid.
   */
  async claimLines(m: EntityManager, ids: string[], now: Date): Promise<Set<string>> {
    const rows = returned(
      await m.query(
        `UPDATE settlement_lines SET status = 'PAID', paid_at = $2 WHERE challenge_id = ANY($1::uuid[]) AND status <> 'PAID' RETURNING challenge_id`,
        [ids, now],
      ),
    );
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

  /** A challenge's line with its run's batch, status, finish time and stored receipt (null: not in a plan). */
  async lineWithRun(challengeId: string): Promise<Row | null> {
    const rows: Row[] = await this.dataSource.query(
      `SELECT l.challenge_id, l.user_id, to_char(l.settlement_date, 'YYYY-MM-DD') AS date, l.run_id, r.batch_no, r.status AS run_status, r.finished_at,
              l.line_no, l.stake::text, l.is_successful, l.refund::text, l.pooled::text, l.winnings::text, l.status, l.paid_at, r.receipt, l.forgiven_by, l.forgiven_note
         FROM settlement_lines l JOIN settlement_runs r ON r.id = l.run_id WHERE l.challenge_id = $1`,
      [challengeId],
    );
    return rows[0] ?? null;
  }

  /** The lines forgiven for these outages, with their batch (at most 5,000, by date and line). */
  forgivenLines(outageIds: string[]): Promise<Row[]> {
    return this.dataSource.query(
      `SELECT l.forgiven_by, l.challenge_id, l.user_id, to_char(l.settlement_date, 'YYYY-MM-DD') AS date, r.batch_no, l.stake::text AS stake, l.status, l.forgiven_note
         FROM settlement_lines l JOIN settlement_runs r ON r.id = l.run_id
        WHERE l.forgiven_by = ANY($1::uuid[]) ORDER BY l.settlement_date, l.line_no LIMIT 5000`,
      [outageIds],
    ) as Promise<Row[]>;
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
    return rows.map((r) => ({
      id: r.id as string,
      date: r.date as string,
      kind: r.kind as 'LATE' | 'FAILED',
      message: r.message as string,
      createdAt: r.created_at as Date,
    }));
  }
}
