import { Inject, Injectable } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { Clock } from '../../../common/clock.js';
import { preparedQuery } from '../../../common/prepared-query.js';
import { DomainError } from '../../../common/errors/domain-error.js';
import { TransactionalEvents } from '../../../common/transactional-events.js';
import { isUuid, uuid7 } from '../../../common/uuid.js';
import { AppConfig } from '../../../config/app-config.js';
import { GetAdultStatusQuery } from '../../identity/queries/get-adult-status/get-adult-status.query.js';
import { ReturnStakeCommand } from '../../wallet/commands/return-stake/return-stake.command.js';
import { StakeForfeitCommand } from '../../wallet/commands/stake-forfeit/stake-forfeit.command.js';
import { GetBalanceQuery } from '../../wallet/queries/get-balance/get-balance.query.js';
import { EstimateChallengeOutcomesQuery, OutcomeToEstimate } from '../../settlement/queries/estimate-challenge-outcomes/estimate-challenge-outcomes.query.js';
import { ChallengeErrors } from '../challenges.errors.js';
import type { ProcessedChallenge } from '../commands/mark-challenges-processed/mark-challenges-processed.command.js';
import { checkInWindow, dateProblem, LATEST_WAKE, MIN_BALANCE_PAISE, MIN_FORFEIT_RUPEES } from '../domain/challenge-rules.js';
import { lateReasonSql, onTimeSql } from '../domain/check-in-rule.js';
import { ChallengeView, toChallengeView } from '../domain/challenge-view.js';
import { netResultOf } from '../domain/net-result.js';
import { pledgeOf } from '../domain/pledge-rules.js';
import type { Mission, Proof } from '../domain/proof-rules.js';
import { ChallengeCreated } from '../events/challenge-events.js';
import type { Morning } from '../domain/shield-rules.js';
import type { CanCreateAnswer } from '../queries/can-create-challenge/can-create-challenge.query.js';
import type { ChallengeDetail } from '../queries/get-challenge-detail/get-challenge-detail.query.js';
import type { OutcomeTotal } from '../queries/get-date-outcome-totals/get-date-outcome-totals.query.js';
import type { DatePlayersGroup } from '../queries/get-date-players/get-date-players.query.js';
import type { SettleableChallenge } from '../queries/get-settleable-challenges/get-settleable-challenges.query.js';
import type { PendingMorningRow } from '../queries/list-pending-mornings/list-pending-mornings.query.js';
import { ChallengeEntity } from './challenge.entity.js';
import { LeaveRepository } from './leave.repository.js';
import { SelfLimitsRepository } from './self-limits.repository.js';
import { affectedIds, isUniqueViolation, retryingTransaction, returnedRows } from './sql.js';

export type ExcuseKind = 'SHIELD' | 'LEAVE';

export interface ManualCheckIn {
  id: string;
  userId: string;
  at: Date;
  location: string | null;
  notes: string | null;
}

/**
 * The manual check-ins of one tick as one guarded UPDATE (own, PENDING, window opened, no photo proof); on time and the
 * late reason by the check-in rule (domain/check-in-rule.ts). $1..$5: ids, user ids, instants, locations, notes.
 */
export const MANUAL_CHECK_IN_SQL = `UPDATE challenges c
          SET status = 'COMPLETED', is_successful = ${onTimeSql('x.at', 'c.window_closes_at')}, check_in_time = x.at, closed_at = x.at,
              verification_method = 'MANUAL', check_in_location = x.location, notes = x.notes, photo_path = NULL,
              failure_reason = ${lateReasonSql('x.at', 'c.window_closes_at')}
         FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[], $4::text[], $5::text[]) AS x(id, user_id, at, location, notes)
        WHERE c.id = x.id AND c.user_id = x.user_id AND c.status = 'PENDING' AND c.window_opens_at <= x.at AND c.proof = 'NONE'
        RETURNING c.*`;

/**
 * A photo proof's verdict on its COMPLETED row: a rejection fails the morning with its reason; lifting a rejection
 * gives the morning back what the check-in rule made of it. $1 id, $2 the proof status, $3 the rejection's reason.
 */
export const PROOF_VERDICT_SQL = `UPDATE challenges
            SET proof_status = $2::varchar,
                is_successful = CASE WHEN $2::varchar = 'REJECTED' THEN false WHEN proof_status = 'REJECTED' THEN ${onTimeSql('check_in_time', 'window_closes_at')} ELSE is_successful END,
                failure_reason = CASE WHEN $2::varchar = 'REJECTED' THEN $3::varchar
                                      WHEN proof_status = 'REJECTED' THEN ${lateReasonSql('check_in_time', 'window_closes_at')}
                                      ELSE failure_reason END
          WHERE id = $1 AND status = 'COMPLETED' RETURNING id`;

const PROCESSED_BATCH = 5000;

/**
 * challenges (and challenge_excusals, the record of a challenge excused by a shield or leave): every read and write of
 * a challenge row, and what a row reads as (its view, with settlement's estimate through settlement's query).
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
      new EstimateChallengeOutcomesQuery(open.map((r) => ({ challengeDate: r.challengeDate, stake: r.stake, outcome: outcome(r), proof: r.proof })), withPool),
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
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM challenges WHERE user_id = $1 AND challenge_date = $2 AND status <> 'CANCELLED' LIMIT 1`,
      [userId, date],
    );
    return rows.length > 0;
  }

  /** Through the `(user_id, challenge_date) WHERE status <> 'CANCELLED'` unique index. */
  async idsOfDate(userId: string, date: string): Promise<string[]> {
    const rows: { id: string }[] = await this.ds.query(
      `SELECT id FROM challenges WHERE user_id = $1 AND challenge_date = $2 AND status <> 'CANCELLED'`,
      [userId, date],
    );
    return rows.map((r) => r.id);
  }

  async hasPending(userId: string): Promise<boolean> {
    const rows: unknown[] = await this.ds.query(
      `SELECT 1 FROM challenges WHERE user_id = $1 AND status IN ('PENDING', 'COMPLETED') LIMIT 1`,
      [userId],
    );
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

    const now = this.clock.now();
    const window = checkInWindow(date, time, this.config.appTimezone);
    const proof = opts.proof ?? 'NONE';
    // a TEST_MODE challenge made already checked in with PHOTO proof waits for review like a real photo check-in
    const photoDone = proof === 'PHOTO' && opts.outcome === 'COMPLETED';
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
      verificationMethod: opts.outcome === 'COMPLETED' ? (photoDone ? 'PHOTO' : 'MANUAL') : null,
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
      proof,
      mission: opts.mission ?? 'NONE',
      proofStatus: photoDone ? 'PENDING_REVIEW' : null,
      proofFlag: null,
      createdAt: now,
      closedAt: opts.outcome === 'PENDING' ? null : now,
      processedAt: null,
      cancelledAt: null,
    } satisfies Omit<ChallengeEntity, never>);

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

  /**
   * The guarded UPDATE of manual check-ins (MANUAL_CHECK_IN_SQL). Answers each updated row, or null when it did not
   * match (the caller then takes the full path for the precise error). A challenge asked twice in one batch is updated
   * by its first ask; the second answers null (the full path then finds it checked in).
   */
  async checkInManual(items: ManualCheckIn[], on: DataSource | EntityManager = this.ds): Promise<(Record<string, unknown> | null)[]> {
    const first = new Map<string, number>();
    items.forEach((c, i) => first.has(c.id) || first.set(c.id, i));
    const unique = [...first.values()].map((i) => items[i]);
    const rows = (await preparedQuery(
      on,
      'challenge_check_in_v3',
      MANUAL_CHECK_IN_SQL,
      [unique.map((c) => c.id), unique.map((c) => c.userId), unique.map((c) => c.at), unique.map((c) => c.location), unique.map((c) => c.notes)],
    )) as Record<string, unknown>[];
    const byId = new Map(rows.map((r) => [String(r.id), r]));
    return items.map((c, i) => (first.get(c.id) === i ? (byId.get(c.id) ?? null) : null));
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

  /** The full check-in path's UPDATE (own, still PENDING): false when the row had moved on. */
  async checkIn(
    m: EntityManager,
    c: { id: string; userId: string; onTime: boolean; at: Date; method: string; location: string | null; notes: string | null; photoPath: string | null; failureReason: string | null; proofStatus: string | null; proofFlag: string | null },
  ): Promise<boolean> {
    const updated = await m.query(
      `UPDATE challenges
            SET status = 'COMPLETED', is_successful = $3, check_in_time = $4, closed_at = $4, verification_method = $5,
                check_in_location = $6, notes = $7, photo_path = $8, failure_reason = $9, proof_status = $10, proof_flag = $11
          WHERE id = $1 AND user_id = $2 AND status = 'PENDING' RETURNING id`,
      [c.id, c.userId, c.onTime, c.at, c.method, c.location, c.notes, c.photoPath, c.failureReason, c.proofStatus, c.proofFlag],
    );
    return affectedIds(updated).length > 0;
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
        [batch.map((b) => b.challengeId), batch.map((b) => b.winningsAmount.toString()), batch.map((b) => b.actualForfeitAmount.toString()), now, batch.map((b) => b.forgivenReason ?? null)],
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

  /** A closed account's notes, locations and photo keys erased (in the closure's transaction); answers the photo keys. */
  async eraseCheckInDetails(userId: string, manager: EntityManager): Promise<{ photo_path: string | null }[]> {
    const rows = (await manager.query(
      `UPDATE challenges c SET notes = NULL, check_in_location = NULL, photo_path = NULL
         FROM (SELECT id, photo_path FROM challenges WHERE user_id = $1 AND (notes IS NOT NULL OR check_in_location IS NOT NULL OR photo_path IS NOT NULL) FOR UPDATE) prev
        WHERE c.id = prev.id
        RETURNING prev.photo_path`,
      [userId],
    )) as [{ photo_path: string | null }[], number];
    return Array.isArray(rows[0]) ? rows[0] : (rows as unknown as { photo_path: string | null }[]);
  }

  /** Check-in photos of mornings dated in [from, to), a batch at a time. */
  photosDated(from: string, to: string, limit: number): Promise<{ id: string; photo_path: string }[]> {
    return this.ds.query(
      `SELECT id, photo_path FROM challenges
        WHERE challenge_date >= $1::date AND challenge_date < $2::date AND photo_path IS NOT NULL
        ORDER BY challenge_date, id LIMIT $3`,
      [from, to, limit],
    );
  }

  async clearPhotos(ids: string[]): Promise<void> {
    await this.ds.query(`UPDATE challenges SET photo_path = NULL WHERE id = ANY($1::uuid[])`, [ids]);
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

  /** The user's PENDING challenges of a date (at most one: one active challenge a date). */
  async pendingOn(m: EntityManager, userId: string, date: string): Promise<string[]> {
    const rows = (await m.query(`SELECT id FROM challenges WHERE user_id = $1 AND challenge_date = $2 AND status = 'PENDING'`, [userId, date])) as { id: string }[];
    return rows.map((r) => r.id);
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

  // ---------- lists ----------

  /** The user's page of challenges, newest first: one status, or all but cancelled. */
  page(userId: string, page: number, size: number, status?: string): Promise<[ChallengeEntity[], number]> {
    const qb = this.ds.manager
      .createQueryBuilder(ChallengeEntity, 'c')
      .where('c.user_id = :userId', { userId })
      .orderBy('c.created_at', 'DESC')
      .addOrderBy('c.id', 'DESC')
      .offset(page * size)
      .limit(size);
    if (status) qb.andWhere('c.status = :status', { status });
    else qb.andWhere(`c.status <> 'CANCELLED'`);
    return qb.getManyAndCount();
  }

  /** The user's challenges of a date (not cancelled), by wake-up time. */
  ofDate(userId: string, date: string): Promise<ChallengeEntity[]> {
    return this.ds.manager
      .createQueryBuilder(ChallengeEntity, 'c')
      .where('c.user_id = :userId AND c.challenge_date = :date', { userId, date })
      .andWhere(`c.status <> 'CANCELLED'`)
      .orderBy('c.wake_up_time', 'ASC')
      .getMany();
  }

  async pendingMornings(from: Date, to: Date): Promise<PendingMorningRow[]> {
    const rows = (await this.ds.query(
      `SELECT id, user_id, to_char(challenge_date, 'YYYY-MM-DD') AS challenge_date, wake_up_time, stake::text, window_opens_at, window_closes_at
         FROM challenges
        WHERE status = 'PENDING' AND window_closes_at > $1 AND window_opens_at <= $2
        ORDER BY window_opens_at, id`,
      [from, to],
    )) as { id: string; user_id: string; challenge_date: string; wake_up_time: string; stake: string; window_opens_at: Date; window_closes_at: Date }[];
    return rows.map((r) => ({
      challengeId: r.id,
      userId: r.user_id,
      challengeDate: r.challenge_date,
      wakeUpTime: r.wake_up_time.slice(0, 5),
      stake: BigInt(r.stake),
      windowOpensAt: r.window_opens_at,
      windowClosesAt: r.window_closes_at,
    }));
  }

  async settleable(q: { date: string; afterId: string | null; limit: number; isTest: boolean | null; poolMode: string | null; proof: string | null }): Promise<SettleableChallenge[]> {
    const rows: { id: string; user_id: string; challenge_date: string; stake: string; is_successful: boolean; created_at: Date; pool_mode: 'pool' | 'pledge'; charity_id: string | null; window_opens_at: Date; window_closes_at: Date; miss_note: string | null }[] =
      await this.ds.query(
        `SELECT id, user_id, challenge_date::text AS challenge_date, stake::text AS stake, is_successful, created_at, pool_mode, charity_id, window_opens_at, window_closes_at,
                CASE WHEN proof_status = 'REJECTED' AND NOT is_successful THEN failure_reason END AS miss_note
           FROM challenges
          WHERE challenge_date = $1 AND status = 'COMPLETED' AND ($2::uuid IS NULL OR id > $2::uuid) AND ($4::boolean IS NULL OR is_test = $4)
            AND ($5::text IS NULL OR pool_mode = $5) AND ($6::text IS NULL OR proof = $6)
            -- a miss under appeal waits for support's decision; the rest of the day settles on time
            AND NOT EXISTS (SELECT 1 FROM challenge_appeals a WHERE a.challenge_id = challenges.id AND a.status = 'OPEN')
            -- a still-awake check not yet closed (still answerable, or past its deadline but not yet closed as a miss) holds
            -- its morning back: the closer (first thing in a settlement) fails an unanswered one before it settles
            AND NOT EXISTS (SELECT 1 FROM still_awake_checks s WHERE s.challenge_id = challenges.id AND s.outcome IS NULL)
          ORDER BY id
          LIMIT $3`,
        [q.date, q.afterId, Math.max(1, Math.min(q.limit, 10_000)), q.isTest, q.poolMode, q.proof],
      );
    return rows.map((r) => ({
      id: r.id,
      userId: r.user_id,
      challengeDate: r.challenge_date,
      stake: BigInt(r.stake),
      isSuccessful: r.is_successful,
      createdAt: new Date(r.created_at),
      poolMode: r.pool_mode,
      charityId: r.charity_id,
      windowOpensAt: new Date(r.window_opens_at),
      windowClosesAt: new Date(r.window_closes_at),
      missNote: r.miss_note ?? null,
    }));
  }

  // ---------- counts ----------

  /** A date's COMPLETED pool-mode challenges of one proof kind, grouped by stake and outcome. */
  async outcomeTotals(date: string, proof: string): Promise<OutcomeTotal[]> {
    // Stakes are whole rupees from ₹10 to ₹100: a handful of groups however many challenges the date holds.
    const rows: { stake: string; is_successful: boolean; n: number }[] = await this.ds.query(
      `SELECT stake::text AS stake, is_successful, count(*)::int AS n
         FROM challenges WHERE challenge_date = $1 AND status = 'COMPLETED' AND pool_mode = 'pool' -- pledge-mode stakes never fund a pool
          AND proof = $2
        GROUP BY stake, is_successful`,
      [date, proof],
    );
    return rows.map((r) => ({ stake: BigInt(r.stake), isSuccessful: r.is_successful, count: r.n }));
  }

  async datePlayers(date: string, proof: string): Promise<DatePlayersGroup[]> {
    const rows: { status: DatePlayersGroup['status']; is_successful: boolean | null; stake: string; n: number; forfeited: string }[] = await this.ds.query(
      `SELECT status, is_successful, stake::text AS stake, count(*)::int AS n, sum(actual_forfeit_amount)::text AS forfeited
         FROM challenges WHERE challenge_date = $1 AND status <> 'CANCELLED' AND NOT is_test
          AND pool_mode = 'pool' -- the pool's players: pledge-mode stakes never fund a pool
          AND proof = $2
        GROUP BY status, is_successful, stake`,
      [date, proof],
    );
    return rows.map((r) => ({ status: r.status, isSuccessful: r.is_successful, stake: BigInt(r.stake), count: r.n, forfeited: BigInt(r.forfeited ?? '0') }));
  }

  /** The user's counts and sums over all challenges. */
  async totals(userId: string): Promise<{ total: number; successful: number; failed: number; earnings: string; losses: string; donated: string }> {
    const [totals] = await this.ds.query(
      `SELECT count(*) FILTER (WHERE status <> 'CANCELLED')::int AS total,
              count(*) FILTER (WHERE status IN ('COMPLETED', 'PROCESSED') AND is_successful)::int AS successful,
              count(*) FILTER (WHERE status IN ('COMPLETED', 'PROCESSED') AND NOT is_successful)::int AS failed,
              coalesce(sum(winnings_amount) FILTER (WHERE status = 'PROCESSED'), 0)::text AS earnings,
              coalesce(sum(actual_forfeit_amount) FILTER (WHERE status = 'PROCESSED'), 0)::text AS losses,
              coalesce(sum(actual_forfeit_amount) FILTER (WHERE status = 'PROCESSED' AND pool_mode = 'pledge' AND charity_id IS NOT NULL), 0)::text AS donated
         FROM challenges WHERE user_id = $1`,
      [userId],
    );
    return totals;
  }

  /** The user's decided mornings (COMPLETED or PROCESSED) in date order: what a streak is counted from. */
  async outcomes(userId: string): Promise<{ date: string; isSuccessful: boolean }[]> {
    const outcomes: { date: string; is_successful: boolean }[] = await this.ds.query(
      `SELECT challenge_date::text AS date, is_successful FROM challenges
        WHERE user_id = $1 AND status IN ('COMPLETED', 'PROCESSED') ORDER BY challenge_date`,
      [userId],
    );
    return outcomes.map((o) => ({ date: o.date, isSuccessful: o.is_successful }));
  }

  /** outcomes() for several users at once. */
  outcomesOfUsers(ids: string[]): Promise<{ user_id: string; date: string; is_successful: boolean }[]> {
    return this.ds.query(
      `SELECT user_id, challenge_date::text AS date, is_successful FROM challenges
        WHERE user_id = ANY($1::uuid[]) AND status IN ('COMPLETED', 'PROCESSED') ORDER BY challenge_date`,
      [ids],
    );
  }

  /** The user's counts and sums per date in [start, end], cancelled ones aside. */
  daily(userId: string, start: string, end: string): Promise<{ date: string; successful: number; failed: number; pending: number; earnings: string; losses: string }[]> {
    return this.ds.query(
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
  }

  /** Real (non-test) challenges of the users dated from..to; a cancelled one only when a shield or leave excused it. Live first per date. */
  groupMornings(ids: string[], from: string, to: string): Promise<{ id: string; user_id: string; date: string; status: string; is_successful: boolean | null; forgiven: boolean; excused: boolean; has_photo: boolean }[]> {
    return this.ds.query(
      `SELECT c.id, c.user_id, to_char(c.challenge_date, 'YYYY-MM-DD') AS date, c.status, c.is_successful,
              c.forgiven_reason IS NOT NULL AS forgiven, e.challenge_id IS NOT NULL AS excused, c.photo_path IS NOT NULL AS has_photo
         FROM challenges c LEFT JOIN challenge_excusals e ON e.challenge_id = c.id
        WHERE c.user_id = ANY($1::uuid[]) AND NOT c.is_test AND c.challenge_date BETWEEN $2::date AND $3::date
          AND (c.status <> 'CANCELLED' OR e.challenge_id IS NOT NULL)
        ORDER BY c.user_id, c.challenge_date, (c.status = 'CANCELLED'), c.created_at DESC`,
      [ids, from, to],
    );
  }

  /** Real (non-test) challenges of the user dated from..to, with whether a shield or leave excused them. */
  yearMornings(userId: string, from: string, to: string): Promise<{ date: string; wake_up_time: string; status: string; is_successful: boolean | null; check_in_time: Date | null; excused: boolean; forgiven: boolean }[]> {
    return this.ds.query(
      `SELECT c.challenge_date::text AS date, c.wake_up_time, c.status, c.is_successful, c.check_in_time,
              EXISTS (SELECT 1 FROM challenge_excusals e WHERE e.challenge_id = c.id) AS excused, c.forgiven_reason IS NOT NULL AS forgiven
         FROM challenges c
        WHERE c.user_id = $1 AND NOT c.is_test AND c.challenge_date BETWEEN $2::date AND $3::date
        ORDER BY c.challenge_date, c.created_at`,
      [userId, from, to],
    );
  }
}

function toDetail(e: ChallengeEntity): ChallengeDetail {
  return { ...e, netResult: netResultOf(e) };
}
