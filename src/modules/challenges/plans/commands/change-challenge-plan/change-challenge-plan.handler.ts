import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '../../../../../common/clock.js';
import { zonedParts } from '../../../../../common/time.js';
import { AppConfig } from '../../../../../config/app-config.js';
import { ChallengeErrors } from '../../../challenges.errors.js';
import { PlanView, planView } from '../../domain/plan-view.js';
import { PlanRepository, PlanStatus } from '../../infrastructure/plan.repository.js';
import { ChangeChallengePlanCommand } from './change-challenge-plan.command.js';

const MOVES: Record<ChangeChallengePlanCommand['action'], { from: PlanStatus[]; to: PlanStatus }> = {
  pause: { from: ['ACTIVE'], to: 'PAUSED' },
  resume: { from: ['PAUSED'], to: 'ACTIVE' },
  cancel: { from: ['ACTIVE', 'PAUSED'], to: 'CANCELLED' },
};

@CommandHandler(ChangeChallengePlanCommand)
export class ChangeChallengePlanHandler implements ICommandHandler<ChangeChallengePlanCommand, PlanView> {
  constructor(
    @Inject(PlanRepository) private readonly plans: PlanRepository,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ userId, planId, action }: ChangeChallengePlanCommand): Promise<PlanView> {
    const now = this.clock.now();
    const plan = await this.plans.owned(userId, planId);
    if (!plan) throw ChallengeErrors.planNotFound();
    const move = MOVES[action];
    if (!(await this.plans.setStatus(planId, move.from, move.to, now))) {
      throw ChallengeErrors.invalid(
        `The plan is ${plan.status.toLowerCase()}: it cannot be ${action === 'cancel' ? 'cancelled' : action === 'pause' ? 'paused' : 'resumed'}`,
      );
    }
    const days = (await this.plans.days([planId])).get(planId)!;
    return planView({ ...plan, status: move.to }, days, zonedParts(now, this.config.appTimezone).date);
  }
}
