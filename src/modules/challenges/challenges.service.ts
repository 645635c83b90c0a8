import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommandBus, EventBus, QueryBus } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomInt, randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { parseRupees, toRupees } from '../../common/money.js';
import { addDays, isValidDate, isValidTime, zonedParts } from '../../common/time.js';
import { AppConfig } from '../../config/app-config.js';
import { CreateNotificationCommand, NotificationType } from '../wallet/commands/create-notification/create-notification.command.js';
import { ReturnStakeCommand } from '../wallet/commands/return-stake/return-stake.command.js';
import { StakeForfeitCommand } from '../wallet/commands/stake-forfeit/stake-forfeit.command.js';
import { GetBalanceQuery } from '../wallet/queries/get-balance/get-balance.query.js';
import { GetAdultStatusQuery } from '../identity/queries/get-adult-status/get-adult-status.query.js';
import { ChallengeErrors } from './challenges.errors.js';
import {
  ChallengeStatus,
  cancellationOpen,
  checkInWindow,
  dateProblem,
  isWakeUpSlot,
  LATEST_WAKE,
  MAX_FORFEIT_RUPEES,
  MIN_BALANCE_PAISE,
  MIN_FORFEIT_RUPEES,
  streaks,
  successRate,
  windowPhase,
} from './domain/challenge-rules.js';
import { ChallengeView, toChallengeView } from './domain/challenge-view.js';
import { pledgeOf } from './domain/pledge-rules.js';
import { EstimateChallengeOutcomesQuery, OutcomeToEstimate } from '../settlement/queries/estimate-challenge-outcomes/estimate-challenge-outcomes.query.js';
import { ChallengeCancelled, ChallengeCheckedIn, ChallengeCreated, CheckInPhotoUploadFailed } from './events/challenge-events.js';
import { ChallengeEntity } from './infrastructure/challenge.entity.js';
import { affectedIds, isUniqueViolation, retryingTransaction } from './infrastructure/sql.js';
import { isUuid, uuid7 } from '../../common/uuid.js';
import { preparedQuery } from '../../common/prepared-query.js';
import { TickBatcher } from '../../common/tick-batcher.js';
import { PhotoStorage } from '../../common/storage/photo-storage.js';
import { SelfLimitsService } from './self-limits.service.js';
import { WakeRepository } from './infrastructure/wake.repository.js';
import { STILL_AWAKE_SPREAD_SECONDS, stillAwakeMoment } from './domain/still-awake-rules.js';

export interface CreateInput {
  challengeDate: string;
  wakeUpTime: string;
  forfeitAmount: number;
  /** pledge mode only: the user's pick from the operator's CHARITIES */
  charityId?: string;
}

export interface TestCreateInput {
  challengeDate?: string;
  wakeUpTime?: string;
  forfeitAmount?: number;
  status?: 'PENDING' | 'COMPLETED' | 'FAILED';
}

export interface VerifyInput {
  challengeId: string;
  verificationMethod: 'MANUAL' | 'PHOTO';
  checkInLocation?: string;
  notes?: string;
}

interface ManualCheckIn {
  id: string;
  userId: string;
  at: Date;
  location: string | null;
  notes: string | null;
}

export interface Photo {
  bytes: Buffer;
}


/** The challenge use cases behind the HTTP routes: rules in domain/, money through the wallet's commands. */
@Injectable()
export class ChallengesService {
  private readonly logger = new Logger('Challenges');
  /** The 6 AM rush: concurrent manual check-ins are one guarded UPDATE per turn of the event loop (group commit). */
  private readonly manualCheckIns = new TickBatcher<ManualCheckIn, Record<string, unknown> | null>((items) => this.checkIn(items));

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(EventBus) private readonly eventBus: EventBus,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(PhotoStorage) private readonly photos: PhotoStorage,
    @Inject(SelfLimitsService) private readonly selfLimits: SelfLimitsService,
    @Inject(WakeRepository) private readonly wake: WakeRepository,
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

  // ---------- create ----------

  /** Forfeit in whole rupees from ₹10 to ₹100. */
  parseForfeit(value: number): bigint {
    const paise = parseRupees(value);
    if (paise === null || paise % 100n !== 0n || paise < BigInt(MIN_FORFEIT_RUPEES) * 100n || paise > BigInt(MAX_FORFEIT_RUPEES) * 100n) {
      throw ChallengeErrors.invalid(`forfeitAmount must be a whole number of rupees from ₹${MIN_FORFEIT_RUPEES} to ₹${MAX_FORFEIT_RUPEES}`);
    }
    return paise;
  }

  async create(userId: string, input: CreateInput): Promise<ChallengeView> {
    const now = this.clock.now();
    if (!isValidDate(input.challengeDate)) throw ChallengeErrors.invalid('challengeDate must be a date in the form YYYY-MM-DD');
    if (!isWakeUpSlot(input.wakeUpTime)) throw ChallengeErrors.invalid('wakeUpTime must be from 04:00 to 07:00 in 30-minute steps (HH:mm)');
    const stake = this.parseForfeit(input.forfeitAmount);
    const problem = dateProblem(input.challengeDate, input.wakeUpTime, now, this.tz);
    if (problem) throw ChallengeErrors.invalid(problem);
    return this.stakeAndInsert(userId, input.challengeDate, input.wakeUpTime, stake, { isTest: false, outcome: 'PENDING', charityId: input.charityId });
  }

  /** TEST_MODE only: any wake-up time (default now + 2 min), dates from a week back to a week ahead; staked like any other. */
  async createTest(userId: string, input: TestCreateInput): Promise<ChallengeView> {
    const now = this.clock.now();
    const soon = zonedParts(new Date(now.getTime() + 2 * 60_000), this.tz);
    const today = zonedParts(now, this.tz).date;
    const date = input.challengeDate ?? (input.wakeUpTime ? today : soon.date);
    const time = input.wakeUpTime ?? soon.time;
    if (!isValidDate(date)) throw ChallengeErrors.invalid('challengeDate must be a date in the form YYYY-MM-DD');
    if (date < addDays(today, -7) || date > addDays(today, 7)) throw ChallengeErrors.invalid('challengeDate must be within 7 days of today for a test challenge');
    if (!isValidTime(time)) throw ChallengeErrors.invalid('wakeUpTime must be a time in the form HH:mm');
    const stake = this.parseForfeit(input.forfeitAmount ?? 25);
    return this.stakeAndInsert(userId, date, time, stake, { isTest: true, outcome: input.status ?? 'PENDING' });
  }

  private async stakeAndInsert(
    userId: string,
    date: string,
    time: string,
    stake: bigint,
    opts: { isTest: boolean; outcome: 'PENDING' | 'COMPLETED' | 'FAILED'; charityId?: string },
  ): Promise<ChallengeView> {
    const pledge = pledgeOf(this.config, opts.charityId);
    if ('problem' in pledge) throw ChallengeErrors.invalid(pledge.problem);
    // Money needs an adult on file (identity answers: a date of birth showing 18 or over).
    if (!(await this.queryBus.execute(new GetAdultStatusQuery(userId)))?.adult) throw ChallengeErrors.adultRequired();
    const { balance } = await this.queryBus.execute(new GetBalanceQuery(userId));
    if (balance <= MIN_BALANCE_PAISE) throw ChallengeErrors.lowBalance();
    if (stake > balance) throw ChallengeErrors.forfeitAboveBalance();
    if (await this.hasActiveOn(userId, date)) throw ChallengeErrors.duplicateDate();

    const now = this.clock.now();
    const window = checkInWindow(date, time, this.tz);
    const row = Object.assign(new ChallengeEntity(), {
      id: uuid7(),
      userId,
      challengeDate: date,
      wakeUpTime: time,
      stake,
      status: opts.outcome === 'PENDING' ? 'PENDING' : 'COMPLETED',
      isSuccessful: opts.outcome === 'PENDING' ? null : opts.outcome === 'COMPLETED',
      windowOpensAt: window.opensAt,
      windowClosesAt: window.closesAt,
      checkInTime: opts.outcome === 'COMPLETED' ? now : null,
      verificationMethod: opts.outcome === 'COMPLETED' ? 'MANUAL' : null,
      checkInLocation: null,
      notes: null,
      photoPath: null,
      failureReason: opts.outcome === 'FAILED' ? 'Missed check-in window' : null,
      forgivenReason: null,
      winningsAmount: 0n,
      actualForfeitAmount: 0n,
      refundedAmount: 0n,
      isTest: opts.isTest,
      poolMode: pledge.poolMode,
      charityId: pledge.charityId,
      createdAt: now,
      closedAt: opts.outcome === 'PENDING' ? null : now,
      processedAt: null,
      cancelledAt: null,
    } satisfies Omit<ChallengeEntity, never>);

    try {
      // The row and its stake commit together or not at all.
      await retryingTransaction(() =>
        this.dataSource.transaction(async (manager) => {
          // The person's own limits (a pause, the month's cap), decided on their locked limits row in this transaction.
          await this.selfLimits.assertStakeAllowed(userId, date, stake, manager);
          // Never on a declared leave day: under the date's leave lock a booking at the same moment sees this row, or this sees it.
          await this.wake.lockLeaveDate(manager, userId, date);
          if (await this.wake.isOnLeave(userId, date, manager)) throw ChallengeErrors.onLeave(date);
          await manager.insert(ChallengeEntity, row);
          // The ₹50 rule again on the wallet's locked balance, in this transaction: concurrent creations for other dates
          // see each other's stakes, so none of them passes on a balance another one already spent.
          await this.commandBus.execute(new StakeForfeitCommand({ userId, challengeId: row.id, amount: stake, balanceAbove: MIN_BALANCE_PAISE, manager }));
        }),
      );
    } catch (e) {
      if (isUniqueViolation(e)) throw ChallengeErrors.duplicateDate();
      if (e instanceof DomainError && e.code === 'WALLET.INSUFFICIENT_FUNDS') throw ChallengeErrors.forfeitAboveBalance();
      if (e instanceof DomainError && e.code === 'WALLET.BELOW_MINIMUM_BALANCE') throw ChallengeErrors.lowBalance();
      throw e;
    }
    this.eventBus.publish(new ChallengeCreated(row.id, userId, date, stake));
    await this.notify(userId, 'CHALLENGE_CREATED', 'Challenge created', `Wake up by ${time} on ${date}: ₹${toRupees(stake)} staked.${pledge.poolMode === 'pledge' ? ` On time, it all comes back; missed, 15% is donated to ${this.view(row).donationTo}.` : ''}`, row.id, {
      challengeDate: date,
      wakeUpTime: time,
      forfeitAmount: toRupees(stake),
    });
    return this.view(row);
  }

  private async hasActiveOn(userId: string, date: string, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
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

  // ---------- cancel ----------

  async cancel(userId: string, id: string): Promise<{ challenge: ChallengeView; refundedAmount: number }> {
    const existing = await this.findOwn(userId, id);
    this.assertCancellable(existing);
    const now = this.clock.now();
    const updated = await retryingTransaction(() => this.dataSource.transaction(async (manager) => {
      const res = await manager.query(
        `UPDATE challenges SET status = 'CANCELLED', cancelled_at = $3, refunded_amount = stake
          WHERE id = $1 AND user_id = $2 AND status = 'PENDING' RETURNING id`,
        [id, userId, now],
      );
      if (affectedIds(res).length === 0) {
        // Someone else moved it first (a check-in, a second cancel): explain with its state now.
        this.assertCancellable(await this.findOwn(userId, id, manager));
        throw ChallengeErrors.notCancellable();
      }
      await this.commandBus.execute(new ReturnStakeCommand({ userId, challengeId: id, amount: existing.stake, reason: 'CANCELLED', manager }));
      return this.findOwn(userId, id, manager);
    }));
    this.eventBus.publish(new ChallengeCancelled(id, userId, existing.stake));
    await this.notify(userId, 'CHALLENGE_CANCELLED', 'Challenge cancelled', `Your challenge for ${existing.challengeDate} was cancelled and ₹${toRupees(existing.stake)} returned to your wallet.`, id, {
      refundedAmount: toRupees(existing.stake),
    });
    return { challenge: this.view(updated), refundedAmount: toRupees(existing.stake) };
  }

  private assertCancellable(c: ChallengeEntity): void {
    if (c.status === 'CANCELLED') throw ChallengeErrors.cancelled();
    if (c.status !== 'PENDING') throw ChallengeErrors.notCancellable();
    if (!cancellationOpen(c.challengeDate, this.clock.now(), this.tz)) throw ChallengeErrors.cancellationClosed();
  }

  // ---------- check-in ----------

  async verify(userId: string, input: VerifyInput, photo: Photo | null): Promise<{ challenge: ChallengeView; isSuccessful: boolean }> {
    // The 6 AM rush: a manual check-in is one guarded UPDATE (own, PENDING, window opened; on time iff before the
    // close), shared by the check-ins of the same tick. Anything it does not match takes the full path below, which
    // answers the precise error.
    if (!photo && input.verificationMethod === 'MANUAL' && isUuid(input.challengeId)) {
      const row = await this.manualCheckIns.push({
        id: input.challengeId,
        userId,
        at: this.clock.now(),
        location: input.checkInLocation ?? null,
        notes: input.notes ?? null,
      });
      // The updated row comes back whole and is hydrated like TypeORM would: no second read.
      if (row) {
        const updated = this.hydrate(row);
        return this.afterCheckIn(userId, updated.id, updated.isSuccessful === true, updated.challengeDate, updated);
      }
    }
    const c = await this.findOwn(userId, input.challengeId);
    this.assertCheckInPossible(c);
    const now = this.clock.now();
    const phase = windowPhase({ opensAt: c.windowOpensAt, closesAt: c.windowClosesAt }, now);
    if (phase === 'BEFORE') throw ChallengeErrors.windowNotOpen();
    if (input.verificationMethod === 'PHOTO' && !photo) throw ChallengeErrors.photoRequired();
    if (input.verificationMethod === 'MANUAL' && photo) throw ChallengeErrors.photoNotExpected();

    let photoPath: string | null = null;
    if (photo) {
      const ext = imageExtension(photo.bytes);
      if (!ext) throw ChallengeErrors.photoType();
      // Stored before the row points at it: a store that is down answers 503 and the challenge stays PENDING.
      photoPath = `challenges/${c.id}-${randomUUID()}.${ext}`;
      await this.photos.put(photoPath, photo.bytes, ext === 'png' ? 'image/png' : 'image/jpeg').catch((e: unknown) => {
        // counted by the availability recorder: enough refused photos in a minute is an outage that forgives misses
        this.eventBus.publish(new CheckInPhotoUploadFailed(c.id, userId));
        throw e;
      });
    }

    const onTime = phase === 'OPEN';
    const res = await this.dataSource.query(
      `UPDATE challenges
          SET status = 'COMPLETED', is_successful = $3, check_in_time = $4, closed_at = $4, verification_method = $5,
              check_in_location = $6, notes = $7, photo_path = $8, failure_reason = $9
        WHERE id = $1 AND user_id = $2 AND status = 'PENDING' RETURNING id`,
      [c.id, userId, onTime, now, input.verificationMethod, input.checkInLocation ?? null, input.notes ?? null, photoPath, onTime ? null : 'Checked in after the window closed'],
    ).catch(async (e: unknown) => {
      // No row points at the stored photo: it goes too.
      if (photoPath) await this.photos.delete(photoPath).catch(() => undefined);
      throw e;
    });
    if (affectedIds(res).length === 0) {
      if (photoPath) await this.photos.delete(photoPath).catch(() => undefined);
      this.assertCheckInPossible(await this.findOwn(userId, c.id));
      throw ChallengeErrors.alreadyCheckedIn();
    }
    return this.afterCheckIn(userId, c.id, onTime, c.challengeDate);
  }

  /**
   * The guarded UPDATE of manual check-ins: own, PENDING, window opened; on time iff before the close. Answers each
   * updated row, or null when it did not match (the caller then takes the full path for the precise error).
   */
  private async checkIn(items: ManualCheckIn[]): Promise<(Record<string, unknown> | null)[]> {
    // A challenge asked twice in one batch is updated by its first ask; the second answers null (the full path then
    // finds it checked in).
    const first = new Map<string, number>();
    items.forEach((c, i) => first.has(c.id) || first.set(c.id, i));
    const unique = [...first.values()].map((i) => items[i]);
    const rows = (await preparedQuery(
      this.dataSource,
      'challenge_check_in_v2',
      `UPDATE challenges c
          SET status = 'COMPLETED', is_successful = (x.at < c.window_closes_at), check_in_time = x.at, closed_at = x.at,
              verification_method = 'MANUAL', check_in_location = x.location, notes = x.notes, photo_path = NULL,
              failure_reason = CASE WHEN x.at < c.window_closes_at THEN NULL ELSE 'Checked in after the window closed' END
         FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[], $4::text[], $5::text[]) AS x(id, user_id, at, location, notes)
        WHERE c.id = x.id AND c.user_id = x.user_id AND c.status = 'PENDING' AND c.window_opens_at <= x.at
        RETURNING c.*`,
      [unique.map((c) => c.id), unique.map((c) => c.userId), unique.map((c) => c.at), unique.map((c) => c.location), unique.map((c) => c.notes)],
    )) as Record<string, unknown>[];
    const byId = new Map(rows.map((r) => [String(r.id), r]));
    return items.map((c, i) => (first.get(c.id) === i ? (byId.get(c.id) ?? null) : null));
  }

  /** A raw challenges row (RETURNING *) as the entity, through the driver's own per-column hydration and transformers. */
  private hydrate(row: Record<string, unknown>): ChallengeEntity {
    const meta = this.dataSource.getMetadata(ChallengeEntity);
    const entity = meta.create() as ChallengeEntity;
    for (const col of meta.columns) {
      if (col.databaseName in row) col.setEntityValue(entity, this.dataSource.driver.prepareHydratedValue(row[col.databaseName], col));
    }
    return entity;
  }

  private async afterCheckIn(userId: string, id: string, onTime: boolean, challengeDate: string, known?: ChallengeEntity): Promise<{ challenge: ChallengeView; isSuccessful: boolean }> {
    const updated = known ?? (await this.findOwn(userId, id));
    this.eventBus.publish(new ChallengeCheckedIn(id, userId, onTime));
    if (onTime) await this.armStillAwake(updated);
    await this.notify(
      userId,
      'CHALLENGE_CHECKED_IN',
      onTime ? 'Checked in on time' : 'Checked in late',
      onTime
        ? updated.poolMode === 'pledge'
          ? `You woke up on time on ${challengeDate}. Your full stake comes back at settlement.`
          : `You woke up on time on ${challengeDate}. Your stake and winnings are paid at settlement.`
        : `You checked in after the window closed on ${challengeDate}; 85% of your stake is refunded at settlement${updated.poolMode === 'pledge' ? ` and the rest is donated to ${this.view(updated).donationTo}` : ''}.`,
      id,
      { isSuccessful: onTime },
    );
    // No pool read here (the 6 AM rush): a late check-in answers its forfeit at once, the estimate comes with the next read.
    const [challenge] = await this.views([updated], false);
    return { challenge, isSuccessful: onTime };
  }

  /**
   * "Still awake?" (when the user has it on): a second check at a random moment 20-40 minutes after the check-in, chosen
   * and stored here, by the server's clock. Armed right after the check-in's commit; should that fail, the morning
   * stands without it (logged: never a check-in answered as an error after it was recorded).
   */
  private async armStillAwake(c: ChallengeEntity): Promise<void> {
    const checkedInAt = c.checkInTime ?? this.clock.now();
    const { askAt, deadlineAt } = stillAwakeMoment(checkedInAt, randomInt(0, STILL_AWAKE_SPREAD_SECONDS + 1));
    await this.wake.armStillAwake({ challengeId: c.id, userId: c.userId, askAt, deadlineAt, now: this.clock.now() }).catch((e: unknown) => this.wake.logArmFailure(c.id, e));
  }

  private assertCheckInPossible(c: ChallengeEntity): void {
    if (c.status === 'CANCELLED') throw ChallengeErrors.cancelled();
    if (c.status !== 'PENDING') throw c.checkInTime ? ChallengeErrors.alreadyCheckedIn() : ChallengeErrors.alreadyClosedMissed();
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

/** JPEG or PNG by their first bytes, never by the file name or the declared type. */
export function imageExtension(bytes: Buffer): 'jpg' | 'png' | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  return null;
}

export const MAX_RANGE_DAYS = 366;
