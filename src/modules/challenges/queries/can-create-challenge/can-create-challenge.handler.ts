import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { Clock } from '../../../../common/clock.js';
import { isValidDate } from '../../../../common/time.js';
import { AppConfig } from '../../../../config/app-config.js';
import { GetAdultStatusQuery } from '../../../identity/queries/get-adult-status/get-adult-status.query.js';
import { GetBalanceQuery } from '../../../wallet/queries/get-balance/get-balance.query.js';
import { ChallengeErrors } from '../../challenges.errors.js';
import { dateProblem, LATEST_WAKE, MIN_BALANCE_PAISE, MIN_FORFEIT_RUPEES } from '../../domain/challenge-rules.js';
import { ChallengeRepository } from '../../infrastructure/challenge.repository.js';
import { SelfLimitsRepository } from '../../infrastructure/self-limits.repository.js';
import { CanCreateAnswer, CanCreateChallengeQuery } from './can-create-challenge.query.js';

@QueryHandler(CanCreateChallengeQuery)
export class CanCreateChallengeHandler implements IQueryHandler<CanCreateChallengeQuery, CanCreateAnswer> {
  constructor(
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(ChallengeRepository) private readonly challenges: ChallengeRepository,
    @Inject(SelfLimitsRepository) private readonly selfLimits: SelfLimitsRepository,
  ) {}

  async execute({ userId, date }: CanCreateChallengeQuery): Promise<CanCreateAnswer> {
    if (!isValidDate(date)) throw ChallengeErrors.invalid('date must be a date in the form YYYY-MM-DD');
    // Today is possible only while the latest slot's window has not opened.
    const problem = dateProblem(date, LATEST_WAKE, this.clock.now(), this.config.appTimezone);
    if (problem) return { canCreate: false, reason: problem };
    if (!(await this.queryBus.execute(new GetAdultStatusQuery(userId)))?.adult) return { canCreate: false, reason: ChallengeErrors.adultRequired().message };
    const { balance } = await this.queryBus.execute(new GetBalanceQuery(userId));
    if (balance <= MIN_BALANCE_PAISE) return { canCreate: false, reason: ChallengeErrors.lowBalance().message };
    if (await this.challenges.hasActiveOn(userId, date)) return { canCreate: false, reason: 'You already have a challenge for this date' };
    const limited = await this.selfLimits.stakeProblem(userId, date, BigInt(MIN_FORFEIT_RUPEES) * 100n);
    if (limited) return { canCreate: false, reason: limited };
    return { canCreate: true };
  }
}
