import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { parseRupees, toRupees } from '../../common/money.js';
import { addDays, isValidDate, zonedParts } from '../../common/time.js';
import { isUuid } from '../../common/uuid.js';
import { AppConfig } from '../../config/app-config.js';
import { CreateNotificationCommand, NotificationType } from '../wallet/commands/create-notification/create-notification.command.js';
import { GetBalanceQuery } from '../wallet/queries/get-balance/get-balance.query.js';
import { GetAdultStatusQuery } from '../identity/queries/get-adult-status/get-adult-status.query.js';
import { EstimateChallengeOutcomesQuery, OutcomeToEstimate } from '../settlement/queries/estimate-challenge-outcomes/estimate-challenge-outcomes.query.js';
import { ChallengeErrors } from './challenges.errors.js';
import {
  ChallengeStatus,
  dateProblem,
  LATEST_WAKE,
  MAX_FORFEIT_RUPEES,
  MIN_BALANCE_PAISE,
  MIN_FORFEIT_RUPEES,
  streaks,
  successRate,
} from './domain/challenge-rules.js';
import { ChallengeView, toChallengeView } from './domain/challenge-view.js';
import { ChallengeEntity } from './infrastructure/challenge.entity.js';
import { SelfLimitsService } from './self-limits.service.js';

/** The challenge reads behind the HTTP routes and what the module's command handlers share (views, own-row lookup, notifications). */
@Injectable()
export class ChallengesService {
  private readonly logger = new Logger('Challenges');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(SelfLimitsService) private readonly selfLimits: SelfLimitsService,
  ) {}

  private get tz(): string {
    return this.config.appTimezone;
  }

  /** The operator's charity names (CHARITIES), for pledge-mode wording. */
  private get charityNames(): ReadonlyMap<string, string> {
    return new Map(this.config.charities.map((c) => [c.id, c.name]));
  }

  view(c: ChallengeEntity): ChallengeView {
    return toChallengeView(c, this.clock.now(), this.tz, undefined, this.charityNames);
  }

  /**
   * Views with what settlement will make of the unsettled ones (its rule, through its query): a failed one's forfeit
   * at once; with `withPool`, a possible win's estimate from the date's pool so far (one grouped read per date).
   */
  async views(rows: ChallengeEntity[], withPool: boolean): Promise<ChallengeView[]> {
    const now = this.clock.now();
    const open = rows.filter((r) => r.status === 'PENDING' || r.status === 'COMPLETED');
    if (!open.length) return rows.map((r) => toChallengeView(r, now, this.tz, undefined, this.charityNames));
    const outcome = (r: ChallengeEntity): OutcomeToEstimate['outcome'] =>
      r.status === 'PENDING' ? (r.windowClosesAt <= now ? 'FAILED' : 'PENDING') : r.isSuccessful ? 'SUCCESS' : 'FAILED';
    const estimates = await this.queryBus.execute(
      new EstimateChallengeOutcomesQuery(open.map((r) => ({ challengeDate: r.challengeDate, stake: r.stake, outcome: outcome(r) })), withPool),
    );
    const byId = new Map(open.map((r, i) => [r.id, estimates[i]]));
    return rows.map((r) => toChallengeView(r, now, this.tz, byId.get(r.id), this.charityNames));
  }

  // ---------- create (the rules the create commands and plans share) ----------

  /** Forfeit in whole rupees from ₹10 to ₹100. */
  parseForfeit(value: number): bigint {
    const paise = parseRupees(value);
    if (paise === null || paise % 100n !== 0n || paise < BigInt(MIN_FORFEIT_RUPEES) * 100n || paise > BigInt(MAX_FORFEIT_RUPEES) * 100n) {
      throw ChallengeErrors.invalid(`forfeitAmount must be a whole number of rupees from ₹${MIN_FORFEIT_RUPEES} to ₹${MAX_FORFEIT_RUPEES}`);
    }
    return paise;
  }

  async hasActiveOn(userId: string, date: string, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM challenges WHERE user_id = $1 AND challenge_date = $2 AND status <> 'CANCELLED' LIMIT 1`,
      [userId, date],
    );
    return rows.length > 0;
  }

  async canCreate(userId: string, date: string): Promise<{ canCreate: boolean; reason?: string }> {
    if (!isValidDate(date)) throw ChallengeErrors.invalid('date must be a date in the form YYYY-MM-DD');
    const now = this.clock.now();
    // Today is possible only while the latest slot's window has not opened.
    const problem = dateProblem(date, LATEST_WAKE, now, this.tz);
    if (problem) return { canCreate: false, reason: problem };
    if (!(await this.queryBus.execute(new GetAdultStatusQuery(userId)))?.adult) return { canCreate: false, reason: ChallengeErrors.adultRequired().message };
    const { balance } = await this.queryBus.execute(new GetBalanceQuery(userId));
    if (balance <= MIN_BALANCE_PAISE) return { canCreate: false, reason: 'Insufficient balance! You need at least ₹50 to create challenges' };
    if (await this.hasActiveOn(userId, date)) return { canCreate: false, reason: 'You already have a challenge for this date' };
    const limited = await this.selfLimits.stakeProblem(userId, date, BigInt(MIN_FORFEIT_RUPEES) * 100n);
    if (limited) return { canCreate: false, reason: limited };
    return { canCreate: true };
  }

  // ---------- read ----------

  async findOwn(userId: string, id: string, manager: EntityManager = this.dataSource.manager): Promise<ChallengeEntity> {
    if (!isUuid(id)) throw ChallengeErrors.notFound();
    const c = await manager.findOneBy(ChallengeEntity, { id, userId });
    if (!c) throw ChallengeErrors.notFound();
    return c;
  }

  async get(userId: string, id: string): Promise<ChallengeView> {
    const [view] = await this.views([await this.findOwn(userId, id)], true);
    return view;
  }

  async list(userId: string, page: number, size: number, status?: ChallengeStatus) {
    const qb = this.dataSource.manager
      .createQueryBuilder(ChallengeEntity, 'c')
      .where('c.user_id = :userId', { userId })
      .orderBy('c.created_at', 'DESC')
      .addOrderBy('c.id', 'DESC')
      .offset(page * size)
      .limit(size);
    if (status) qb.andWhere('c.status = :status', { status });
    else qb.andWhere(`c.status <> 'CANCELLED'`);
    const [rows, total] = await qb.getManyAndCount();
    return { challenges: await this.views(rows, true), page, size, total };
  }

  async byDate(userId: string, date: string) {
    if (!isValidDate(date)) throw ChallengeErrors.invalid('date must be a date in the form YYYY-MM-DD');
    const rows = await this.dataSource.manager
      .createQueryBuilder(ChallengeEntity, 'c')
      .where('c.user_id = :userId AND c.challenge_date = :date', { userId, date })
      .andWhere(`c.status <> 'CANCELLED'`)
      .orderBy('c.wake_up_time', 'ASC')
      .getMany();
    const challenges = await this.views(rows, true);
    return { challenges, challenge: challenges[0] ?? null };
  }

  // ---------- statistics ----------

  /** Counts and a daily series of successes and failures over [startDate, endDate] (default: the last 30 days). */
  async statistics(userId: string, startDate?: string, endDate?: string) {
    if (startDate !== undefined && !isValidDate(startDate)) throw ChallengeErrors.invalid('startDate must be a date in the form YYYY-MM-DD');
    if (endDate !== undefined && !isValidDate(endDate)) throw ChallengeErrors.invalid('endDate must be a date in the form YYYY-MM-DD');
    const today = zonedParts(this.clock.now(), this.tz).date;
    const end = endDate ?? (startDate && startDate > today ? startDate : today);
    const start = startDate ?? addDays(end, -29);
    if (start > end) throw ChallengeErrors.invalid('startDate must be on or before endDate');
    if (addDays(start, MAX_RANGE_DAYS - 1) < end) throw ChallengeErrors.invalid(`The date range can be at most ${MAX_RANGE_DAYS} days`);
    const rows: { date: string; successful: number; failed: number; pending: number; earnings: string; losses: string }[] = await this.dataSource.query(
      `SELECT challenge_date::text AS date,
              count(*) FILTER (WHERE status IN ('COMPLETED', 'PROCESSED') AND is_successful)::int AS successful,
              count(*) FILTER (WHERE status IN ('COMPLETED', 'PROCESSED') AND NOT is_successful)::int AS failed,
              count(*) FILTER (WHERE status = 'PENDING')::int AS pending,
              coalesce(sum(winnings_amount) FILTER (WHERE status = 'PROCESSED'), 0)::text AS earnings,
              coalesce(sum(actual_forfeit_amount) FILTER (WHERE status = 'PROCESSED'), 0)::text AS losses
         FROM challenges
        WHERE user_id = $1 AND challenge_date BETWEEN $2::date AND $3::date AND status <> 'CANCELLED'
        GROUP BY challenge_date`,
      [userId, start, end],
    );
    const byDate = new Map(rows.map((r) => [r.date, r]));
    const daily: { date: string; successful: number; failed: number; pending: number }[] = [];
    let successful = 0;
    let failed = 0;
    let pending = 0;
    let earnings = 0n;
    let losses = 0n;
    const outcomes: { date: string; isSuccessful: boolean }[] = [];
    for (let d = start; d <= end; d = addDays(d, 1)) {
      const r = byDate.get(d);
      const day = { date: d, successful: r?.successful ?? 0, failed: r?.failed ?? 0, pending: r?.pending ?? 0 };
      daily.push(day);
      successful += day.successful;
      failed += day.failed;
      pending += day.pending;
      if (r) {
        earnings += BigInt(r.earnings);
        losses += BigInt(r.losses);
        if (day.successful + day.failed > 0) outcomes.push({ date: d, isSuccessful: day.failed === 0 });
      }
    }
    const s = streaks(outcomes);
    return {
      startDate: start,
      endDate: end,
      totalChallenges: successful + failed + pending,
      successfulChallenges: successful,
      failedChallenges: failed,
      pendingChallenges: pending,
      successRate: successRate(successful, failed),
      totalEarnings: toRupees(earnings),
      totalLosses: toRupees(losses),
      longestStreakInRange: s.longestStreak,
      daily,
    };
  }

  // ---------- notifications ----------

  /** Best effort after the commit: a notification never undoes a money movement. dedupeKey keeps it single. */
  async notify(userId: string, type: NotificationType, title: string, message: string, challengeId: string, data: Record<string, unknown> = {}): Promise<void> {
    try {
      await this.commandBus.execute(
        new CreateNotificationCommand({ userId, type, title, message, data: { challengeId, ...data }, dedupeKey: `challenge:${challengeId}:${type}` }),
      );
    } catch (e) {
      this.logger.warn(`Notification ${type} for challenge ${challengeId} not created: ${(e as Error).message}`);
    }
  }
}

export const MAX_RANGE_DAYS = 366;
