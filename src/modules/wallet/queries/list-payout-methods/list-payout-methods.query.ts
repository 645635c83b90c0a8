import { Query } from '@nestjs/cqrs';
import { DomainError } from '../../../../common/errors/domain-error.js';
import type { PayoutMethodView } from '../../domain/payout-methods.js';

export const PayoutMethodErrors = {
  notFound: () => new DomainError('WALLET.PAYOUT_METHOD_NOT_FOUND', 'NOT_FOUND', 'Saved payout method not found'),
};

/** The user's saved payout methods, most recently used first, masked. */
export class ListPayoutMethodsQuery extends Query<PayoutMethodView[]> {
  constructor(readonly userId: string) {
    super();
  }
}
