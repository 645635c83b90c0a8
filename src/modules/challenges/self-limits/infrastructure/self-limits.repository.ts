import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { Clock } from '../../../../common/clock.js';
import { zonedParts } from '../../../../common/time.js';
import { AppConfig } from '../../../../config/app-config.js';
import { ChallengeErrors } from '../../challenges.errors.js';
import { limitsAt, monthRange, NO_LIMITS, SelfLimits, SelfLimitsView, selfLimitsView, stakeLimitProblem } from '../domain/self-limits.js';

type Raw = { monthly_cap: string | null; pending_cap: string | null; pending_cap_at: Date | null; pause_until: Date | null };
const COLUMNS = `monthly_cap::text, pending_cap::text, pending_cap_at, pause_until`;
const toLimits = (r: Raw | undefined): SelfLimits =>
  r
    ? {
        monthlyCap: r.monthly_cap === null ? null : BigInt(r.monthly_cap),
        pendingCap: r.pending_cap_at ? { value: r.pending_cap === null ? null : BigInt(r.pending_cap), effectiveAt: r.pending_cap_at } : null,
        pauseUntil: r.pause_until,
      }
    : NO_LIMITS;

/**
 * stake_limits (one row per user who set a limit) and the month's stakes the cap is checked against; the stake check a
 * creation makes (and can-create asks) and the view of a person's own limits (domain/self-limits.ts has the rules).
 */
@Injectable()
export class SelfLimitsRepository {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  transaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.ds.transaction(work);
  }

  /**
   * Inside the transaction that creates a challenge: refuses (400) a stake during a pause or over the month's cap.
   * The limits row stays locked until that transaction ends, so concurrent creations for one user are counted in turn.
   */
  async assertStakeAllowed(userId: string, date: string, stake: bigint, manager: EntityManager): Promise<void> {
    const limits = await this.lock(userId, manager);
    const problem = await this.problem(userId, limits, date, stake, manager);
    if (problem) throw ChallengeErrors.overSelfLimit(problem);
  }

  /** The same rule for can-create: would even the smallest stake on `date` be refused? */
  async stakeProblem(userId: string, date: string, stake: bigint): Promise<string | null> {
    return this.problem(userId, await this.get(userId), date, stake, this.ds.manager);
  }

  private async problem(userId: string, limits: SelfLimits, date: string, stake: bigint, m: EntityManager): Promise<string | null> {
    const now = this.clock.now();
    const current = limitsAt(limits, now);
    if (!current.pauseUntil && current.monthlyCap === null) return null;
    const { from, to } = monthRange(date);
    const monthStaked = current.monthlyCap === null ? 0n : await this.staked(userId, from, to, m);
    return stakeLimitProblem(current, { date, stake, monthStaked, now, tz: this.config.appTimezone });
  }

  /** What GET/PUT /me/limits and the pause answer: `stored` as it holds now, with this month's (IST) stakes. */
  async view(userId: string, stored: SelfLimits): Promise<SelfLimitsView> {
    const now = this.clock.now();
    const today = zonedParts(now, this.config.appTimezone).date;
    const { from, to } = monthRange(today);
    return selfLimitsView(stored, now, today, await this.staked(userId, from, to));
  }

  async get(userId: string, m: EntityManager = this.ds.manager): Promise<SelfLimits> {
    return toLimits(((await m.query(`SELECT ${COLUMNS} FROM stake_limits WHERE user_id = $1`, [userId])) as Raw[])[0]);
  }

  /**
   * Inside the caller's transaction: the user's limits, their row locked until it ends. Two creations for one user
   * (other dates, a plan's booking) take turns here, so each counts the month's stakes with the other's committed.
   */
  async lock(userId: string, m: EntityManager): Promise<SelfLimits> {
    return toLimits(((await m.query(`SELECT ${COLUMNS} FROM stake_limits WHERE user_id = $1 FOR UPDATE`, [userId])) as Raw[])[0]);
  }

  /** The row made if missing, then locked: a change reads what it changes without a lost update. */
  async lockForChange(userId: string, now: Date, m: EntityManager): Promise<SelfLimits> {
    await m.query(`INSERT INTO stake_limits (user_id, updated_at) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING`, [userId, now]);
    return this.lock(userId, m);
  }

  async save(userId: string, l: SelfLimits, now: Date, m: EntityManager): Promise<void> {
    await m.query(`UPDATE stake_limits SET monthly_cap = $2, pending_cap = $3, pending_cap_at = $4, pause_until = $5, updated_at = $6 WHERE user_id = $1`, [
      userId,
      l.monthlyCap?.toString() ?? null,
      l.pendingCap?.value?.toString() ?? null,
      l.pendingCap?.effectiveAt ?? null,
      l.pauseUntil,
      now,
    ]);
  }

  /** paise staked on the user's non-cancelled challenges dated in [from, to) */
  async staked(userId: string, from: string, to: string, m: EntityManager = this.ds.manager): Promise<bigint> {
    const rows = (await m.query(
      `SELECT coalesce(sum(stake), 0)::text AS total FROM challenges
        WHERE user_id = $1 AND challenge_date >= $2::date AND challenge_date < $3::date AND status <> 'CANCELLED'`,
      [userId, from, to],
    )) as { total: string }[];
    return BigInt(rows[0].total);
  }
}
