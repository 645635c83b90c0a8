import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { PayoutMethodRow, payoutMethodView, PayoutMethodView } from '../../domain/payout-methods.js';
import { ListPayoutMethodsQuery } from './list-payout-methods.query.js';

/** At most this many are kept in view (the most recently used). */
export const PAYOUT_METHODS_SHOWN = 20;

@QueryHandler(ListPayoutMethodsQuery)
export class ListPayoutMethodsHandler implements IQueryHandler<ListPayoutMethodsQuery, PayoutMethodView[]> {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async execute({ userId }: ListPayoutMethodsQuery): Promise<PayoutMethodView[]> {
    const rows = (await this.ds.query(
      `SELECT id, method, upi_id, bank_account_last4, ifsc_code, account_holder_name, bank_name, uses, last_used_at
         FROM payout_methods WHERE user_id = $1 ORDER BY last_used_at DESC, id DESC LIMIT $2`,
      [userId, PAYOUT_METHODS_SHOWN],
    )) as PayoutMethodRow[];
    return rows.map(payoutMethodView);
  }
}
