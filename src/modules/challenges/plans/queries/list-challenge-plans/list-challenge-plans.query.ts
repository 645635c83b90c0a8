import { Query } from '@nestjs/cqrs';
import type { PlanView } from '../../domain/plan-view.js';

/** A user's plans, newest first (cancelled ones included, so their history stays readable). */
export class ListChallengePlansQuery extends Query<PlanView[]> {
  constructor(readonly userId: string) {
    super();
  }
}
