import { Inject, Injectable } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { Clock } from '../../../../common/clock.js';
import { DomainError } from '../../../../common/errors/domain-error.js';
import { TransactionalEvents } from '../../../../common/transactional-events.js';
import { isUuid } from '../../../../common/uuid.js';
import { AppConfig } from '../../../../config/app-config.js';
import { GetAdultStatusQuery } from '../../../identity/queries/get-adult-status/get-adult-status.query.js';
import { ReturnStakeCommand } from '../../../wallet/commands/return-stake/return-stake.command.js';
import { StakeForfeitCommand } from '../../../wallet/commands/stake-forfeit/stake-forfeit.command.js';
import { GetBalanceQuery } from '../../../wallet/queries/get-balance/get-balance.query.js';
import {
  EstimateChallengeOutcomesQuery,
  OutcomeToEstimate,
} from '../../../settlement/queries/estimate-challenge-outcomes/estimate-challenge-outcomes.query.js';
import { ChallengeErrors } from '../../challenges.errors.js';
import type { ProcessedChallenge } from '../../day/commands/mark-challenges-processed/mark-challenges-processed.command.js';
import { dateProblem, LATEST_WAKE, MIN_BALANCE_PAISE, MIN_FORFEIT_RUPEES } from '../domain/challenge-rules.js';
import { ChallengeView, toChallengeView } from '../domain/challenge-view.js';
import { netResultOf } from '../domain/net-result.js';
import { pledgeOf } from '../domain/pledge-rules.js';
import type { Mission, Proof } from '../domain/proof-rules.js';
import { ChallengeCreated } from '../../events/challenge-events.js';
import type { CanCreateAnswer } from '../../day/queries/can-create-challenge/can-create-challenge.query.js';
import type { ChallengeDetail } from '../../day/queries/get-challenge-detail/get-challenge-detail.query.js';
import { ChallengeEntity } from './challenge.entity.js';
import { newChallengeRow } from './new-challenge-row.js';
import { PROOF_VERDICT_SQL } from './check-in.sql.js';
import { LeaveRepository } from '../../days-off/infrastructure/leave.repository.js';
import { SelfLimitsRepository } from '../../self-limits/infrastructure/self-limits.repository.js';
import { affectedIds, isUniqueViolation, retryingTransaction, returnedRows } from './sql.js';

export type ExcuseKind = 'SHIELD' | 'LEAVE';

export { MANUAL_CHECK_IN_SQL, PHOTO_CHECK_IN_SQL, PROOF_VERDICT_SQL, type ManualCheckIn, type PhotoCheckIn } from './check-in.sql.js';

const PROCESSED_BATCH = 5000;

/**
 * challenges (and challenge_excusals, the record of a challenge excused by a shield or leave): creating, closing and
 * excusing a challenge row, and what a row reads as (its view, with settlement's estimate through settlement's query).
 * Check-ins write through CheckInRepository (SQL in check-in.sql.ts), lists and statistics read through
 * ChallengeReadsRepository, photo keys through ChallengePhotosRepository.
 */
@Injectable()
export class ChallengeRepository {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(TransactionalEvents) private readonly events: TransactionalEvents,
    @Inject(SelfLimitsRepository) private readonly selfLimits: SelfLimitsRepository,
    @Inject(LeaveRepository) private readonly leave: LeaveRepository,
  ) {}

  transaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.ds.transaction(work);
  }

  // ---------- views ----------

  /** The operator's charity names (CHARITIES), for pledge-mode wording. */
  private get charityNames(): ReadonlyMap<string, string> {
    return (this.names ??= new Map(this.config.charities.map((c) => [c.id, c.name])));
  }
  private names?: ReadonlyMap<string, string>;

  view(c: ChallengeEntity): ChallengeView {
    return toChallengeView(c, this.clock.now(), this.config.appTimezone, undefined, this.charityNames);
  }

  /**
   * Views with what settlement will make of the unsettled ones (its rule, through its query): a failed one's forfeit
   * at once; with `withPool`, a possible win's estimate from the date's pool so far (one grouped read per date).
   */
  async views(rows: ChallengeEntity[], withPool: boolean): Promise<ChallengeView[]> {
    const now = this.clock.now();
    const tz = this.config.appTimezone;
    const open = rows.filter((r) => r.status === 'PENDING' || r.status === 'COMPLETED');
    if (!open.length) return rows.map((r) => toChallengeView(r, now, tz, undefined, this.charityNames));
    const outcome = (r: ChallengeEntity): OutcomeToEstimate['outcome'] =>
      r.status === 'PENDING' ? (r.windowClosesAt <= now ? 'FAILED' : 'PENDING') : r.isSuccessful ? 'SUCCESS' : 'FAILED';
    const estimates = await this.queryBus.execute(
      new EstimateChallengeOutcomesQuery(
        open.map((r) => ({ challengeDate: r.challengeDate, stake: r.stake, outcome: outcome(r), proof: r.proof })),
        withPool,
      ),
    );
    const byId = new Map(open.map((r, i) => [r.id, estimates[i]]));
    return rows.map((r) => toChallengeView(r, now, tz, byId.get(r.id), this.charityNames));
  }

  // ---------- one row ----------

  /** The user's own challenge (404 for anyone else's, or a malformed id). */
  async findOwn(userId: string, id: string, manager: EntityManager = this.ds.manager): Promise<ChallengeEntity> {
    if (!isUuid(id)) throw ChallengeErrors.notFound();
    const c = await manager.findOneBy(ChallengeEntity, { id, userId });
    if (!c) throw ChallengeErrors.notFound();
    return c;
  }

  /** Any user's challenge with its net result (support), null when there is none. */
  async detail(challengeId: string): Promise<ChallengeDetail | null> {
    if (!isUuid(challengeId)) return null;
    const row = await this.ds.manager.findOne(ChallengeEntity, { where: { id: challengeId } });
    return row ? toDetail(row) : null;
  }

  async detailsOfUser(userId: string): Promise<ChallengeDetail[]> {
    const rows = await this.ds.manager.find(ChallengeEntity, { where: { userId }, order: { createdAt: 'DESC', id: 'DESC' } });
    return rows.map(toDetail);
  }

  /** Inside the caller's transaction, locked: a check-in, a closer or another verdict waits for it. */
  lockForVerdict(m: EntityManager, id: string): Promise<ChallengeEntity | null> {
    return m.findOne(ChallengeEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  byIdIn(m: EntityManager, id: string): Promise<ChallengeEntity> {
    return m.findOneByOrFail(ChallengeEntity, { id });
  }

  async hasActiveOn(userId: string, date: string, manager: EntityManager = this.ds.manager): Promise<boolean> {
    const rows: unknown[] = await manager.query(`SELECT 1 FROM challenges WHERE user_id = $1 AND challenge_date = $2 AND status <> 'CANCELLED' LIMIT 1`, [
      userId,
      date,
    ]);
    return rows.length > 0;
  }

  /** Through the `(user_id, challenge_date) WHERE status <> 'CANCELLED'` unique index. */
  async idsOfDate(userId: string, date: string): Promise<string[]> {
    const rows: { id: string }[] = await this.ds.query(`SELECT id FROM challenges WHERE user_id = $1 AND challenge_date = $2 AND status <> 'CANCELLED'`, [
      userId,
      date,
    ]);
    return rows.map((r) => r.id);
  }

  async hasPending(userId: string): Promise<boolean> {
    const rows: unknown[] = await this.ds.query(`SELECT 1 FROM challenges WHERE user_id = $1 AND status IN ('PENDING', 'COMPLETED') LIMIT 1`, [userId]);
    return rows.length > 0;
  }

  // ---------- writes ----------

  /**
   * Whether the user may stake a challenge on `date` now, by create()'s rules (a valid date is the caller's): what
   * GET /challenges/can-create answers and the bookable-dates list asks of each date.
   */
  async canCreate(userId: string, date: string): Promise<CanCreateAnswer> {
    // Today is possible only while the latest slot's window has not opened.
    const problem = dateProblem(date, LATEST_WAKE, this.clock.now(), this.config.appTimezone);
    if (problem) return { canCreate: false, reason: problem };
    if (!(await this.queryBus.execute(new GetAdultStatusQuery(userId)))?.adult) return { canCreate: false, reason: ChallengeErrors.adultRequired().message };
    const { balance } = await this.queryBus.execute(new GetBalanceQuery(userId));
    if (balance <= MIN_BALANCE_PAISE) return { canCreate: false, reason: ChallengeErrors.lowBalance().message };
    if (await this.hasActiveOn(userId, date)) return { canCreate: false, reason: 'You already have a challenge for this date' };
    const limited = await this.selfLimits.stakeProblem(userId, date, BigInt(MIN_FORFEIT_RUPEES) * 100n);
    if (limited) return { canCreate: false, reason: limited };
    return { canCreate: true };
  }

  /**
   * The one way a challenge row is made (real or TEST_MODE): checks, row and stake in one transaction, then the
   * notification (awaited, so the notice exists when the route answers).
   */
  async create(
    userId: string,
    date: string,
    time: string,
    stake: bigint,
    opts: { isTest: boolean; outcome: 'PENDING' | 'COMPLETED' | 'FAILED'; charityId?: string; proof?: Proof; mission?: Mission },
  ): Promise<ChallengeView> {
    const pledge = pledgeOf(this.config, opts.charityId);
    if ('problem' in pledge) throw ChallengeErrors.invalid(pledge.problem);
    // Money needs an adult on file (identity answers: a date of birth showing 18 or over).
    if (!(await this.queryBus.execute(new GetAdultStatusQuery(userId)))?.adult) throw ChallengeErrors.adultRequired();
    const { balance } = await this.queryBus.execute(new GetBalanceQuery(userId));
    if (balance <= MIN_BALANCE_PAISE) throw ChallengeErrors.lowBalance();
    if (stake > balance) throw ChallengeErrors.forfeitAboveBalance();
    if (await this.hasActiveOn(userId, date)) throw ChallengeErrors.duplicateDate();

    const row = newChallengeRow({ userId, date, time, stake, ...opts, pledge, now: this.clock.now(), timezone: this.config.appTimezone });

    try {
      // The row and its stake commit together or not at all.
      await retryingTransaction(() =>
        this.ds.transaction(async (manager) => {
          // The person's own limits (a pause, the month's cap), decided on their locked limits row in this transaction.
          await this.selfLimits.assertStakeAllowed(userId, date, stake, manager);
          // Never on a declared leave day: under the date's leave lock a booking at the same moment sees this row, or this sees it.
          await this.leave.lockLeaveDate(manager, userId, date);
          if (await this.leave.isOnLeave(userId, date, manager)) throw ChallengeErrors.onLeave(date);
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
    const donationTo = pledge.poolMode === 'pledge' ? this.view(row).donationTo : null;
    await this.events.publish(new ChallengeCreated({ id: row.id, userId, date, wakeUpTime: time, stake, donationTo }));
    return this.view(row);
  }

  /** A raw challenges row (RETURNING *) as the entity, through the driver's own per-column hydration and transformers. */
  hydrate(row: Record<string, unknown>): ChallengeEntity {
    const meta = this.ds.getMetadata(ChallengeEntity);
    const entity = meta.create() as ChallengeEntity;
    for (const col of meta.columns) {
      if (col.databaseName in row) col.setEntityValue(entity, this.ds.driver.prepareHydratedValue(row[col.databaseName], col));
    }
    return entity;
  }

  /** PENDING → CANCELLED with the stake marked refunded: false when the row had moved on. */
  async cancel(m: EntityManager, id: string, userId: string, now: Date): Promise<boolean> {
    const res = await m.query(
      `UPDATE challenges SET status = 'CANCELLED', cancelled_at = $3, refunded_amount = stake
          WHERE id = $1 AND user_id = $2 AND status = 'PENDING' RETURNING id`,
      [id, userId, now],
    );
    return affectedIds(res).length > 0;
  }

  /** One batch of PENDING challenges whose window has passed, closed as missed (each row exactly once). */
  async closeMissed(now: Date, date: string | null, limit: number): Promise<{ id: string; user_id: string; challenge_date: string; wake_up_time: string }[]> {
    const res = await this.ds.query(
      `UPDATE challenges SET status = 'COMPLETED', is_successful = false, failure_reason = 'Missed check-in window', closed_at = $1
          WHERE id IN (
            SELECT id FROM challenges
             WHERE status = 'PENDING' AND window_closes_at <= $1 AND ($2::date IS NULL OR challenge_date = $2::date)
             ORDER BY window_closes_at LIMIT $3 FOR UPDATE SKIP LOCKED)
            AND status = 'PENDING'
          RETURNING id, user_id, challenge_date::text AS challenge_date, wake_up_time`,
      [now, date, limit],
    );
    return returnedRows<{ id: string; user_id: string; challenge_date: string; wake_up_time: string }>(res);
  }

  /** One UPDATE … FROM unnest(…) per batch; rows already PROCESSED (or not COMPLETED) are left alone. */
  async markProcessed(items: ProcessedChallenge[], manager?: EntityManager): Promise<number> {
    const m = manager ?? this.ds.manager;
    const now = this.clock.now();
    let updated = 0;
    for (let i = 0; i < items.length; i += PROCESSED_BATCH) {
      const batch = items.slice(i, i + PROCESSED_BATCH);
      const res = await m.query(
        `UPDATE challenges c
            SET status = 'PROCESSED', winnings_amount = u.winnings, actual_forfeit_amount = u.forfeit,
                refunded_amount = c.stake - u.forfeit, processed_at = $4, forgiven_reason = u.forgiven,
                -- proof of wake: a photo nobody reviewed before settlement settles as accepted
                proof_status = CASE WHEN c.proof_status = 'PENDING_REVIEW' THEN 'ACCEPTED' ELSE c.proof_status END
           FROM unnest($1::uuid[], $2::bigint[], $3::bigint[], $5::varchar[]) AS u(id, winnings, forfeit, forgiven)
          WHERE c.id = u.id AND c.status = 'COMPLETED'
          RETURNING c.id`,
        [
          batch.map((b) => b.challengeId),
          batch.map((b) => b.winningsAmount.toString()),
          batch.map((b) => b.actualForfeitAmount.toString()),
          now,
          batch.map((b) => b.forgivenReason ?? null),
        ],
      );
      updated += returnedRows(res).length;
    }
    return updated;
  }

  /** PROOF_VERDICT_SQL: false when the row is no longer COMPLETED. */
  async applyVerdict(m: EntityManager, id: string, proofStatus: string, rejectionReason: string | null): Promise<boolean> {
    const res = await m.query(PROOF_VERDICT_SQL, [id, proofStatus, rejectionReason]);
    return affectedIds(res).length > 0;
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
      c.id,
      c.userId,
      row.challenge_date,
      kind,
      stake.toString(),
      now,
    ]);
    await this.commandBus.execute(
      new ReturnStakeCommand({ userId: c.userId, challengeId: c.id, amount: stake, reason: kind === 'SHIELD' ? 'SHIELD_USED' : 'LEAVE', manager: m }),
    );
    return { stake, challengeDate: row.challenge_date };
  }

  /** The user's PENDING challenges of a date (at most one: one active challenge a date). */
  async pendingOn(m: EntityManager, userId: string, date: string): Promise<string[]> {
    const rows = (await m.query(`SELECT id FROM challenges WHERE user_id = $1 AND challenge_date = $2 AND status = 'PENDING'`, [userId, date])) as {
      id: string;
    }[];
    return rows.map((r) => r.id);
  }

  /** The mornings of unanswered still-awake checks fail: still COMPLETED, no longer successful (settlement not yet done with them). */
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
}

function toDetail(e: ChallengeEntity): ChallengeDetail {
  return { ...e, netResult: netResultOf(e) };
}
