import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Clock } from '../../../../../common/clock.js';
import { zonedParts } from '../../../../../common/time.js';
import { AppConfig } from '../../../../../config/app-config.js';
import { PlanView, planView } from '../../domain/plan-view.js';
import { PlanRepository } from '../../infrastructure/plan.repository.js';
import { ListChallengePlansQuery } from './list-challenge-plans.query.js';

@QueryHandler(ListChallengePlansQuery)
export class ListChallengePlansHandler implements IQueryHandler<ListChallengePlansQuery, PlanView[]> {
  constructor(
    @Inject(PlanRepository) private readonly plans: PlanRepository,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ userId }: ListChallengePlansQuery): Promise<PlanView[]> {
    const plans = await this.plans.forUser(userId);
    const days = await this.plans.days(plans.map((p) => p.id));
    const today = zonedParts(this.clock.now(), this.config.appTimezone).date;
    return plans.map((p) => planView(p, days.get(p.id)!, today));
  }
}
