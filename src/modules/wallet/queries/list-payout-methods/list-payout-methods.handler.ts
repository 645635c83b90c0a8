import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { payoutMethodView, PayoutMethodView } from '../../domain/payout-methods.js';
import { PayoutMethodRepository } from '../../infrastructure/payout-method.repository.js';
import { ListPayoutMethodsQuery } from './list-payout-methods.query.js';

/** At most this many are kept in view (the most recently used). */
const PAYOUT_METHODS_SHOWN = 20;

@QueryHandler(ListPayoutMethodsQuery)
export class ListPayoutMethodsHandler implements IQueryHandler<ListPayoutMethodsQuery, PayoutMethodView[]> {
  constructor(@Inject(PayoutMethodRepository) private readonly payoutMethods: PayoutMethodRepository) {}

  async execute({ userId }: ListPayoutMethodsQuery): Promise<PayoutMethodView[]> {
    return (await this.payoutMethods.listOf(userId, PAYOUT_METHODS_SHOWN)).map(payoutMethodView);
  }
}
