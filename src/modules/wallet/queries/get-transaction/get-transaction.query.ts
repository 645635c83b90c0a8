import { Query } from '@nestjs/cqrs';
import type { TransactionView } from '../../domain/transaction-view.js';

/** One of the user's wallet transactions by its id or its journal entry's id (404 for anyone else's). */
export class GetTransactionQuery extends Query<{ success: true; data: TransactionView }> {
  constructor(
    readonly userId: string,
    readonly id: string,
  ) {
    super();
  }
}
