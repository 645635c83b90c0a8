import { Inject, Injectable } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Clock } from '../../../../common/clock.js';
import { DomainError } from '../../../../common/errors/domain-error.js';
import { uuid7 } from '../../../../common/uuid.js';
import { AppConfig } from '../../../../config/app-config.js';
import { StakeForfeitCommand } from '../../../wallet/commands/stake-forfeit/stake-forfeit.command.js';
import { GetBalanceQuery } from '../../../wallet/queries/get-balance/get-balance.query.js';
import { GetAdultStatusQuery } from '../../../identity/queries/get-adult-status/get-adult-status.query.js';
import { ChallengesService } from '../../challenges.service.js';
import { ChallengeErrors } from '../../challenges.errors.js';
import { checkInWindow, MIN_BALANCE_PAISE } from '../../domain/challenge-rules.js';
import type { ChallengeView } from '../../domain/challenge-view.js';
import { pledgeOf } from '../../domain/pledge-rules.js';
import type { Mission, Proof } from '../../domain/proof-rules.js';
import { ChallengeEntity } from '../../infrastructure/challenge.entity.js';
import { isUniqueViolation, retryingTransaction } from '../../infrastructure/sql.js';
import { WakeRepository } from '../../infrastructure/wake.repository.js';
import { SelfLimitsService } from '../../self-limits.service.js';
import { ChallengeCreated } from '../../events/challenge-events.js';

/** The one way a challenge row is made (real or TEST_MODE): checks, row and stake in one transaction, then the notification. */
@Injectable()
export class ChallengeCreator {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(SelfLimitsService) private readonly selfLimits: SelfLimitsService,
    @Inject(WakeRepository) private readonly wake: WakeRepository,
    @Inject(ChallengesService) private readonly challenges: ChallengesService,
  ) {}

  async stakeAndInsert(
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
    if (await this.challenges.hasActiveOn(userId, date)) throw ChallengeErrors.duplicateDate();

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
    const donationTo = pledge.poolMode === 'pledge' ? this.challenges.view(row).donationTo : null;
    await this.challenges.notify(new ChallengeCreated({ id: row.id, userId, date, wakeUpTime: time, stake, donationTo }));
    return this.challenges.view(row);
  }
}
