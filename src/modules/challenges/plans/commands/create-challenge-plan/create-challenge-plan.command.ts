import { Command } from '@nestjs/cqrs';
import type { PlanView } from '../../domain/plan-view.js';

export interface CreatePlanInput {
  days: unknown;
  wakeUpTime: string;
  forfeitAmount: number;
  startDate?: string;
  endDate?: string;
  weeks?: number;
  /** pledge mode: the charity (GET /config) the plan's misses go to */
  charityId?: string;
  /** proof of wake, carried to the challenges the plan books */
  proof?: 'NONE' | 'PHOTO';
  /** wake mission, carried to the challenges the plan books */
  mission?: 'NONE' | 'MATH' | 'TYPING' | 'WAKE_TAG';
}

/** "Weekdays at 06:00 for 4 weeks, ₹20 a day": a plan that books each day the evening before. */
export class CreateChallengePlanCommand extends Command<PlanView> {
  constructor(
    readonly userId: string,
    readonly input: CreatePlanInput,
  ) {
    super();
  }
}
