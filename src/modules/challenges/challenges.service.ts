import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { parseRupees } from '../../common/money.js';
import { isUuid } from '../../common/uuid.js';
import { AppConfig } from '../../config/app-config.js';
import { TransactionalEvents } from '../../common/transactional-events.js';
import { EstimateChallengeOutcomesQuery, OutcomeToEstimate } from '../settlement/queries/estimate-challenge-outcomes/estimate-challenge-outcomes.query.js';
import { ChallengeErrors } from './challenges.errors.js';
import { MAX_FORFEIT_RUPEES, MIN_FORFEIT_RUPEES } from './domain/challenge-rules.js';
import { ChallengeView, toChallengeView } from './domain/challenge-view.js';
import { ChallengeEntity } from './infrastructure/challenge.entity.js';
import { CanCreateAnswer, CanCreateChallengeQuery } from './queries/can-create-challenge/can-create-challenge.query.js';

/**
 * What the module's command and query handlers share: views (with settlement's estimate), the forfeit rule, the
 * own-row lookup and notifications. The reads behind the HTTP routes are queries (queries/<name>/).
 */
@Injectable()
export class ChallengesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(TransactionalEvents) private readonly events: TransactionalEvents,
  ) {}

  private get tz(): string {
    return this.config.appTimezone;
  }

  /** The operator's charity names (CHARITIES), for pledge-mode wording. */
  private get charityNames(): ReadonlyMap<string, string> {
    return (this.names ??= new Map(this.config.charities.map((c) => [c.id, c.name])));
  }
  private names?: ReadonlyMap<string, string>;

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
      new EstimateChallengeOutcomesQuery(open.map((r) => ({ challengeDate: r.challengeDate, stake: r.stake, outcome: outcome(r), proof: r.proof })), withPool),
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

  /** Kept for ListBookableDates: the rules live in CanCreateChallengeQuery. */
  canCreate(userId: string, date: string): Promise<CanCreateAnswer> {
    return this.queryBus.execute(new CanCreateChallengeQuery(userId, date));
  }

  // ---------- the own-row lookup the commands and queries share ----------

  async findOwn(userId: string, id: string, manager: EntityManager = this.dataSource.manager): Promise<ChallengeEntity> {
    if (!isUuid(id)) throw ChallengeErrors.notFound();
    const c = await manager.findOneBy(ChallengeEntity, { id, userId });
    if (!c) throw ChallengeErrors.notFound();
    return c;
  }

  // ---------- notifications ----------

  /**
   * After the commit: what happened to a challenge (events/challenge-events.ts), awaited so the notifications module's
   * notice exists when the route answers; that handler is best effort (a notice never undoes what happened).
   */
  async notify(event: object): Promise<void> {
    await this.events.publish(event);
  }
}
