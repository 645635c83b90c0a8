import { Query } from '@nestjs/cqrs';
import type { SelfLimitsView } from '../../domain/self-limits.js';

/** The user's monthly stake cap, this month's stakes, a pending raise and any cooling-off pause. */
export class GetSelfLimitsQuery extends Query<SelfLimitsView> {
  constructor(readonly userId: string) {
    super();
  }
}
