import { Query } from '@nestjs/cqrs';
import type { PayoutMethodView } from '../../domain/payout-methods.js';

/** The user's saved payout methods, most recently used first, masked. */
export class ListPayoutMethodsQuery extends Query<PayoutMethodView[]> {
  constructor(readonly userId: string) {
    super();
  }
}
