import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '../../../../../common/clock.js';
import { addDays, zonedParts } from '../../../../../common/time.js';
import { uuid7 } from '../../../../../common/uuid.js';
import { AppConfig } from '../../../../../config/app-config.js';
import { ChallengeErrors } from '../../../challenges.errors.js';
import { FORFEIT_RULE, forfeitPaise, isWakeUpSlot } from '../../../shared/domain/challenge-rules.js';
import { MAX_OPEN_PLANS, MAX_PLAN_WEEKS, parseWeekdays, planProblem } from '../../domain/plan-rules.js';
import { PlanView, planView } from '../../domain/plan-view.js';
import { pledgeOf } from '../../../shared/domain/pledge-rules.js';
import { MISSION_MESSAGE, PROOF_MESSAGE, parseMission, parseProof } from '../../../shared/domain/proof-rules.js';
import { PlanRepository } from '../../infrastructure/plan.repository.js';
import { CreateChallengePlanCommand } from './create-challenge-plan.command.js';

@CommandHandler(CreateChallengePlanCommand)
export class CreateChallengePlanHandler implements ICommandHandler<CreateChallengePlanCommand, PlanView> {
  constructor(
    @Inject(PlanRepository) private readonly plans: PlanRepository,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ userId, input }: CreateChallengePlanCommand): Promise<PlanView> {
    const now = this.clock.now();
    const tz = this.config.appTimezone;
    const weekdays = parseWeekdays(input.days);
    if (!weekdays) throw ChallengeErrors.invalid('days must be WEEKDAYS, WEEKENDS, EVERY_DAY or a list of weekdays from 1 (Monday) to 7 (Sunday)');
    if (!isWakeUpSlot(input.wakeUpTime)) throw ChallengeErrors.invalid('wakeUpTime must be from 04:00 to 07:00 in 30-minute steps (HH:mm)');
    const stake = forfeitPaise(input.forfeitAmount);
    if (stake === null) throw ChallengeErrors.invalid(FORFEIT_RULE);
    if (input.weeks !== undefined && (!Number.isInteger(input.weeks) || input.weeks < 1 || input.weeks > MAX_PLAN_WEEKS)) {
      throw ChallengeErrors.invalid(`weeks must be a whole number from 1 to ${MAX_PLAN_WEEKS}`);
    }
    const today = zonedParts(now, tz).date;
    const startDate = input.startDate ?? addDays(today, 1);
    const endDate = input.endDate ?? (typeof startDate === 'string' ? addDays(startDate, (input.weeks ?? 4) * 7 - 1) : '');
    const problem = planProblem({ startDate, endDate, weekdays }, now, tz);
    if (problem) throw ChallengeErrors.invalid(problem);
    const open = (await this.plans.forUser(userId)).filter((p) => p.status !== 'CANCELLED' && p.endDate >= today);
    if (open.length >= MAX_OPEN_PLANS) throw ChallengeErrors.invalid(`You can keep at most ${MAX_OPEN_PLANS} plans at once; cancel one first`);
    // pledge mode: the pick is checked now and kept with the plan (pool mode: none)
    const pledge = pledgeOf(this.config, input.charityId);
    if ('problem' in pledge) throw ChallengeErrors.invalid(pledge.problem);
    const charityId = input.charityId ? pledge.charityId : null;
    const proof = parseProof(input.proof);
    if (!proof) throw ChallengeErrors.invalid(PROOF_MESSAGE);
    const mission = parseMission(input.mission);
    if (!mission) throw ChallengeErrors.invalid(MISSION_MESSAGE);
    const plan = {
      id: uuid7(),
      userId,
      weekdays,
      wakeUpTime: input.wakeUpTime,
      stake,
      startDate,
      endDate,
      status: 'ACTIVE' as const,
      charityId,
      proof,
      mission,
    };
    await this.plans.insert(plan, now);
    return planView({ ...plan, createdAt: now }, [], today);
  }
}
