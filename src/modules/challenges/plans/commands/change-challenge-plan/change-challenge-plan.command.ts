import { Command } from '@nestjs/cqrs';
import type { PlanView } from '../../domain/plan-view.js';

/** Pause, resume or cancel a plan (days already booked stay booked: each can be cancelled on its own). */
export class ChangeChallengePlanCommand extends Command<PlanView> {
  constructor(
    readonly userId: string,
    readonly planId: string,
    readonly action: 'pause' | 'resume' | 'cancel',
  ) {
    super();
  }
}
