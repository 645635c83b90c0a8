import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { TickBatcher } from '../../../../common/tick-batcher.js';
import { StillAwakeCheck, StillAwakeOutcome } from '../domain/still-awake-rules.js';
import { returnedRows } from '../../shared/infrastructure/sql.js';

type CheckRow = {
  challenge_id: string;
  user_id: string;
  ask_at: Date;
  deadline_at: Date;
  asked_at: Date | null;
  answered_at: Date | null;
  outcome: StillAwakeOutcome | null;
};
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

/** still_awake_checks: the second check after an on-time check-in, armed, asked, answered and closed. */
@Injectable()
export class StillAwakeRepository {
  private readonly logger = new Logger('Wake');
  /** The 6 AM rush: the still-awake arming after each check-in is one INSERT per turn of the event loop. */
  private readonly arms = new TickBatcher<Arm, void>((items) => this.insertChecks(items));

  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  transaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.ds.transaction(work);
  }

  /** After an on-time check-in: schedules the second check when the user has the setting on (wake_accounts.still_awake; else nothing). */
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

  logArmFailure(challengeId: string, e: unknown): void {
    this.logger.error(`still-awake check for challenge ${challengeId} not scheduled: ${(e as Error).message}`);
  }
}
