import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { toRupees } from '../../common/money.js';
import { zonedParts } from '../../common/time.js';
import { AppConfig } from '../../config/app-config.js';
import { ChallengeErrors } from './challenges.errors.js';
import { COOLING_OFF_MS, limitsAt, MAX_CAP_PAISE, MIN_CAP_PAISE, monthRange, PAUSE_DAYS, SelfLimits, stakeLimitProblem } from './domain/self-limits.js';
import { SelfLimitsRepository } from './infrastructure/self-limits.repository.js';

export interface SelfLimitsView {
  /** rupees; null: no cap */
  monthlyStakeCap: number | null;
  /** a higher cap (or none) asked for, holding from effectiveAt */
  pendingMonthlyStakeCap: { monthlyStakeCap: number | null; effectiveAt: string } | null;
  /** this calendar month (IST), YYYY-MM, and what its challenges stake */
  month: string;
  monthStaked: number;
  /** rupees the cap leaves this month; null: no cap */
  monthRemaining: number | null;
  isPaused: boolean;
  pausedUntil: string | null;
  coolingOffHours: number;
  pauseDayOptions: readonly number[];
  minMonthlyStakeCap: number;
  maxMonthlyStakeCap: number;
}

/**
 * What the self-limits handlers share: the view of a person's own limits, and the stake check made when a challenge
 * is created (and asked by can-create). The reads and changes themselves are queries/get-self-limits and
 * commands/change-self-limits.
 */
@Injectable()
export class SelfLimitsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(SelfLimitsRepository) private readonly repo: SelfLimitsRepository,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  /**
   * Inside the transaction that creates a challenge: refuses (400) a stake during a pause or over the month's cap.
   * The limits row stays locked until that transaction ends, so concurrent creations for one user are counted in turn.
   */
  async assertStakeAllowed(userId: string, date: string, stake: bigint, manager: EntityManager): Promise<void> {
    const limits = await this.repo.lock(userId, manager);
    const problem = await this.problem(userId, limits, date, stake, manager);
    if (problem) throw ChallengeErrors.overSelfLimit(problem);
  }

  /** The same rule for can-create: would even the smallest stake on `date` be refused? */
  async stakeProblem(userId: string, date: string, stake: bigint): Promise<string | null> {
    return this.problem(userId, await this.repo.get(userId), date, stake, this.ds.manager);
  }

  private async problem(userId: string, limits: SelfLimits, date: string, stake: bigint, m: EntityManager): Promise<string | null> {
    const now = this.clock.now();
    const current = limitsAt(limits, now);
    if (!current.pauseUntil && current.monthlyCap === null) return null;
    const { from, to } = monthRange(date);
    const monthStaked = current.monthlyCap === null ? 0n : await this.repo.staked(userId, from, to, m);
    return stakeLimitProblem(current, { date, stake, monthStaked, now, tz: this.config.appTimezone });
  }

  /** What GET/PUT /me/limits and the pause answer: `stored` as it holds now, with this month's (IST) stakes. */
  async view(userId: string, stored: SelfLimits): Promise<SelfLimitsView> {
    const now = this.clock.now();
    const l = limitsAt(stored, now);
    const today = zonedParts(now, this.config.appTimezone).date;
    const { from, to } = monthRange(today);
    const staked = await this.repo.staked(userId, from, to);
    return {
      monthlyStakeCap: l.monthlyCap === null ? null : toRupees(l.monthlyCap),
      pendingMonthlyStakeCap: l.pendingCap
        ? { monthlyStakeCap: l.pendingCap.value === null ? null : toRupees(l.pendingCap.value), effectiveAt: l.pendingCap.effectiveAt.toISOString() }
        : null,
      month: today.slice(0, 7),
      monthStaked: toRupees(staked),
      monthRemaining: l.monthlyCap === null ? null : toRupees(l.monthlyCap > staked ? l.monthlyCap - staked : 0n),
      isPaused: l.pauseUntil !== null,
      pausedUntil: l.pauseUntil?.toISOString() ?? null,
      coolingOffHours: COOLING_OFF_MS / 3_600_000,
      pauseDayOptions: PAUSE_DAYS,
      minMonthlyStakeCap: toRupees(MIN_CAP_PAISE),
      maxMonthlyStakeCap: toRupees(MAX_CAP_PAISE),
    };
  }
}
