import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { TickBatcher } from '../../../common/tick-batcher.js';
import { ReturnStakeCommand } from '../../wallet/commands/return-stake/return-stake.command.js';
import { Morning, NO_SHIELDS, ShieldState } from '../domain/shield-rules.js';
import { StillAwakeCheck, StillAwakeOutcome } from '../domain/still-awake-rules.js';
import { returnedRows } from './sql.js';

export type ExcuseKind = 'SHIELD' | 'LEAVE';
export interface WakeAccount extends ShieldState {
  stillAwake: boolean;
}

type AccountRow = { shields_held: number; shield_run: number; shields_earned: number; shields_spent: number; shield_cursor: string | null; still_awake: boolean };
const ACCOUNT_COLUMNS = `shields_held, shield_run, shields_earned, shields_spent, to_char(shield_cursor, 'YYYY-MM-DD') AS shield_cursor, still_awake`;
const toAccount = (r: AccountRow | undefined): WakeAccount =>
  r ? { held: r.shields_held, run: r.shield_run, earned: r.shields_earned, spent: r.shields_spent, cursor: r.shield_cursor, stillAwake: r.still_awake } : { ...NO_SHIELDS, stillAwake: false };

type CheckRow = { challenge_id: string; user_id: string; ask_at: Date; deadline_at: Date; asked_at: Date | null; answered_at: Date | null; outcome: StillAwakeOutcome | null };
export interface StoredCheck extends StillAwakeCheck {
  challengeId: string;
  userId: string;
}
const toCheck = (r: CheckRow): StoredCheck => ({
  challengeId: r.challenge_id,
  userId: r.user_id,
  askAt: new Date(r.ask_at),
  deadlineAt: new Date(r.deadline_at),
  askedAt: r.asked_at ? new Date(r.asked_at) : null,
  answeredAt: r.answered_at ? new Date(r.answered_at) : null,
  outcome: r.outcome,
});

interface Arm {
  challengeId: string;
  userId: string;
  askAt: Date;
  deadlineAt: Date;
  now: Date;
}

/** wake_accounts, challenge_excusals, leave_days and still_awake_checks: shields, leave and the still-awake check. */
@Injectable()
export class WakeRepository {
  private readonly logger = new Logger('Wake');
  /** The 6 AM rush: the still-awake arming after each check-in is one INSERT per turn of the event loop. */
  private readonly arms = new TickBatcher<Arm, void>((items) => this.insertChecks(items));

  constructor(
    @InjectDataSource() readonly ds: DataSource,
    @Inject(CommandBus) private readonly commandBus: CommandBus,
  ) {}

  // ---------- the account row ----------

  /** The user's account row, created when missing and locked FOR UPDATE: every change to shields or leave takes it first. */
  async lockAccount(m: EntityManager, userId: string, now: Date): Promise<WakeAccount> {
    await m.query(`INSERT INTO wake_accounts (user_id, updated_at) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING`, [userId, now]);
    const [row] = (await m.query(`SELECT ${ACCOUNT_COLUMNS} FROM wake_accounts WHERE user_id = $1 FOR UPDATE`, [userId])) as AccountRow[];
    return toAccount(row);
  }

  async readAccount(userId: string, m: EntityManager = this.ds.manager): Promise<WakeAccount> {
    const [row] = (await m.query(`SELECT ${ACCOUNT_COLUMNS} FROM wake_accounts WHERE user_id = $1`, [userId])) as AccountRow[];
    return toAccount(row);
  }

  async saveShields(m: EntityManager, userId: string, s: ShieldState, now: Date): Promise<void> {
    await m.query(
      `UPDATE wake_accounts SET shields_held = $2, shield_run = $3, shields_earned = $4, shields_spent = $5, shield_cursor = $6, updated_at = $7 WHERE user_id = $1`,
      [userId, s.held, s.run, s.earned, s.spent, s.cursor, now],
    );
  }

  /**
   * Stores a fold made without the lock (a read), only if the row still holds the state it was folded from: the same
   * fold a locked writer would store, so a read never loses or doubles a shield; a row changed meanwhile is left alone.
   */
  async saveFoldIfUnchanged(userId: string, before: ShieldState, after: ShieldState, now: Date): Promise<void> {
    await this.ds.query(
      `INSERT INTO wake_accounts (user_id, shields_held, shield_run, shields_earned, shields_spent, shield_cursor, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (user_id) DO UPDATE SET shields_held = excluded.shields_held, shield_run = excluded.shield_run,
              shields_earned = excluded.shields_earned, shield_cursor = excluded.shield_cursor, updated_at = excluded.updated_at
        WHERE wake_accounts.shields_held = $8 AND wake_accounts.shield_run = $9 AND wake_accounts.shields_earned = $10
          AND wake_accounts.shields_spent = $5 AND wake_accounts.shield_cursor IS NOT DISTINCT FROM $11::date`,
      [userId, after.held, after.run, after.earned, after.spent, after.cursor, now, before.held, before.run, before.earned, before.cursor],
    );
  }

  /** The user's real (non-test) challenges after the cursor, not cancelled (an excused morning is a cancelled one), in date order. */
  async morningsAfter(userId: string, cursor: string | null, m: EntityManager = this.ds.manager): Promise<Morning[]> {
    const rows = (await m.query(
      `SELECT to_char(challenge_date, 'YYYY-MM-DD') AS date, status, is_successful FROM challenges
        WHERE user_id = $1 AND NOT is_test AND status <> 'CANCELLED' AND ($2::date IS NULL OR challenge_date > $2::date)
        ORDER BY challenge_date`,
      [userId, cursor],
    )) as { date: string; status: string; is_successful: boolean | null }[];
    return rows.map((r) => ({ date: r.date, settled: r.status === 'PROCESSED', isSuccessful: r.is_successful }));
  }

  async setStillAwake(userId: string, enabled: boolean, now: Date): Promise<void> {
    await this.ds.query(
      `INSERT INTO wake_accounts (user_id, still_awake, updated_at) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET still_awake = excluded.still_awake, updated_at = excluded.updated_at`,
      [userId, enabled, now],
    );
  }

  // ---------- excusing a morning (shield or leave) ----------

  /**
   * Excuses a PENDING challenge whose window has not opened: it becomes CANCELLED (so settlement, the missed-window
   * job and the streak all pass it by), the excusal is recorded, and the whole stake goes back through the ledger with
   * the excuse as its reason, all in the caller's transaction. null when the challenge was no longer excusable.
   */
  async excuse(m: EntityManager, c: { id: string; userId: string }, kind: ExcuseKind, now: Date): Promise<{ stake: bigint; challengeDate: string } | null> {
    const [row] = returnedRows<{ stake: string; challenge_date: string }>(
      await m.query(
        `UPDATE challenges SET status = 'CANCELLED', cancelled_at = $3, refunded_amount = stake
          WHERE id = $1 AND user_id = $2 AND status = 'PENDING' AND window_opens_at > $3
          RETURNING stake::text AS stake, to_char(challenge_date, 'YYYY-MM-DD') AS challenge_date`,
        [c.id, c.userId, now],
      ),
    );
    if (!row) return null;
    const stake = BigInt(row.stake);
    await m.query(`INSERT INTO challenge_excusals (challenge_id, user_id, challenge_date, kind, amount, created_at) VALUES ($1, $2, $3, $4, $5, $6)`, [
      c.id, c.userId, row.challenge_date, kind, stake.toString(), now,
    ]);
    await this.commandBus.execute(
      new ReturnStakeCommand({ userId: c.userId, challengeId: c.id, amount: stake, reason: kind === 'SHIELD' ? 'SHIELD_USED' : 'LEAVE', manager: m }),
    );
    return { stake, challengeDate: row.challenge_date };
  }

  // ---------- leave ----------

  /**
   * Serializes leave booking and challenge creation for one user and date (a transaction-scoped advisory lock), so a
   * challenge is never created on a leave day that a concurrent booking did not see.
   */
  async lockLeaveDate(m: EntityManager, userId: string, date: string): Promise<void> {
    await m.query(`SELECT pg_advisory_xact_lock(hashtext('wake-leave:' || $1::text || ':' || $2::text))`, [userId, date]);
  }

  async isOnLeave(userId: string, date: string, m: EntityManager = this.ds.manager): Promise<boolean> {
    return ((await m.query(`SELECT 1 FROM leave_days WHERE user_id = $1 AND day = $2`, [userId, date])) as unknown[]).length > 0;
  }

  async leaveInMonth(m: EntityManager, userId: string, date: string): Promise<number> {
    const [r] = (await m.query(
      `SELECT count(*)::int AS n FROM leave_days WHERE user_id = $1 AND day >= date_trunc('month', $2::date) AND day < date_trunc('month', $2::date) + interval '1 month'`,
      [userId, date],
    )) as { n: number }[];
    return r.n;
  }

  async insertLeave(m: EntityManager, userId: string, date: string, now: Date): Promise<boolean> {
    const res = await m.query(`INSERT INTO leave_days (user_id, day, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING day`, [userId, date, now]);
    return returnedRows(res).length > 0;
  }

  async deleteLeave(userId: string, date: string): Promise<boolean> {
    return returnedRows(await this.ds.query(`DELETE FROM leave_days WHERE user_id = $1 AND day = $2 RETURNING day`, [userId, date])).length > 0;
  }

  async leaveFrom(userId: string, from: string): Promise<{ date: string; createdAt: Date }[]> {
    const rows = (await this.ds.query(`SELECT to_char(day, 'YYYY-MM-DD') AS date, created_at FROM leave_days WHERE user_id = $1 AND day >= $2 ORDER BY day`, [userId, from])) as {
      date: string;
      created_at: Date;
    }[];
    return rows.map((r) => ({ date: r.date, createdAt: new Date(r.created_at) }));
  }

  /** The user's PENDING challenges of a date (at most one: one active challenge a date). */
  async pendingOn(m: EntityManager, userId: string, date: string): Promise<string[]> {
    const rows = (await m.query(`SELECT id FROM challenges WHERE user_id = $1 AND challenge_date = $2 AND status = 'PENDING'`, [userId, date])) as { id: string }[];
    return rows.map((r) => r.id);
  }

  // ---------- still awake ----------

  /** After an on-time check-in: schedules the second check when the user has the setting on (else nothing). */
  armStillAwake(item: Arm): Promise<void> {
    return this.arms.push(item);
  }

  private async insertChecks(items: Arm[]): Promise<void[]> {
    await this.ds.query(
      `INSERT INTO still_awake_checks (challenge_id, user_id, ask_at, deadline_at, created_at)
       SELECT x.id, x.user_id, x.ask_at, x.deadline_at, x.created_at
         FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[], $4::timestamptz[], $5::timestamptz[]) AS x(id, user_id, ask_at, deadline_at, created_at)
         JOIN wake_accounts a ON a.user_id = x.user_id AND a.still_awake
       ON CONFLICT (challenge_id) DO NOTHING`,
      [items.map((i) => i.challengeId), items.map((i) => i.userId), items.map((i) => i.askAt), items.map((i) => i.deadlineAt), items.map((i) => i.now)],
    );
    return items.map(() => undefined);
  }

  async check(challengeId: string, userId: string | null, m: EntityManager = this.ds.manager): Promise<StoredCheck | null> {
    const [row] = (await m.query(
      `SELECT challenge_id, user_id, ask_at, deadline_at, asked_at, answered_at, outcome FROM still_awake_checks WHERE challenge_id = $1 AND ($2::uuid IS NULL OR user_id = $2::uuid)`,
      [challengeId, userId],
    )) as CheckRow[];
    return row ? toCheck(row) : null;
  }

  /** Records the answer when the check is open at `now` (asked, before its deadline, unanswered). */
  async answer(challengeId: string, userId: string, now: Date): Promise<boolean> {
    const res = await this.ds.query(
      `UPDATE still_awake_checks SET answered_at = $3, outcome = 'ANSWERED', resolved_at = $3
        WHERE challenge_id = $1 AND user_id = $2 AND outcome IS NULL AND ask_at <= $3 AND deadline_at > $3 RETURNING challenge_id`,
      [challengeId, userId, now],
    );
    return returnedRows(res).length > 0;
  }

  /** Checks whose moment has come and that nobody has asked yet. */
  async dueToAsk(now: Date, limit: number): Promise<StoredCheck[]> {
    const rows = (await this.ds.query(
      `SELECT challenge_id, user_id, ask_at, deadline_at, asked_at, answered_at, outcome FROM still_awake_checks
        WHERE outcome IS NULL AND asked_at IS NULL AND ask_at <= $1 AND deadline_at > $1 ORDER BY ask_at LIMIT $2`,
      [now, limit],
    )) as CheckRow[];
    return rows.map(toCheck);
  }

  /** Claims the asking of one check (exactly one sender wins). */
  async markAsked(challengeId: string, now: Date): Promise<boolean> {
    const res = await this.ds.query(
      `UPDATE still_awake_checks SET asked_at = $2 WHERE challenge_id = $1 AND asked_at IS NULL AND outcome IS NULL AND deadline_at > $2 RETURNING challenge_id`,
      [challengeId, now],
    );
    return returnedRows(res).length > 0;
  }

  /** Open checks past their deadline, locked (skipping ones another closer holds). */
  async lockExpired(m: EntityManager, now: Date, limit: number): Promise<StoredCheck[]> {
    const rows = (await m.query(
      `SELECT challenge_id, user_id, ask_at, deadline_at, asked_at, answered_at, outcome FROM still_awake_checks
        WHERE outcome IS NULL AND deadline_at <= $1 ORDER BY deadline_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
      [now, limit],
    )) as CheckRow[];
    return rows.map(toCheck);
  }

  async close(m: EntityManager, items: { challengeId: string; outcome: 'MISSED' | 'VOID' }[], now: Date): Promise<void> {
    await m.query(
      `UPDATE still_awake_checks s SET outcome = x.outcome, resolved_at = $3
         FROM unnest($1::uuid[], $2::text[]) AS x(id, outcome) WHERE s.challenge_id = x.id AND s.outcome IS NULL`,
      [items.map((i) => i.challengeId), items.map((i) => i.outcome), now],
    );
  }

  /** The mornings of unanswered checks fail: still COMPLETED, no longer successful (settlement not yet done with them). */
  async failMornings(m: EntityManager, challengeIds: string[], reason: string): Promise<{ id: string; userId: string; challengeDate: string }[]> {
    if (challengeIds.length === 0) return [];
    const rows = returnedRows<{ id: string; user_id: string; challenge_date: string }>(
      await m.query(
        `UPDATE challenges SET is_successful = false, failure_reason = $2
          WHERE id = ANY($1::uuid[]) AND status = 'COMPLETED' AND is_successful
          RETURNING id, user_id, to_char(challenge_date, 'YYYY-MM-DD') AS challenge_date`,
        [challengeIds, reason],
      ),
    );
    return rows.map((r) => ({ id: r.id, userId: r.user_id, challengeDate: r.challenge_date }));
  }

  logArmFailure(challengeId: string, e: unknown): void {
    this.logger.error(`still-awake check for challenge ${challengeId} not scheduled: ${(e as Error).message}`);
  }
}
