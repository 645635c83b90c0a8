import { Query } from '@nestjs/cqrs';
import type { TransactionView } from '../../domain/transaction-view.js';

export interface TransactionsPage {
  success: true;
  data: { transactions: TransactionView[]; page: number; size: number; total: number };
}

/** A page of the user's wallet transactions, newest first, optionally by type and IST date range (query-string values). */
export class ListTransactionsQuery extends Query<TransactionsPage> {
  constructor(
    readonly userId: string,
    readonly q: { page?: string; size?: string; type?: string; startDate?: string; endDate?: string },
  ) {
    super();
  }
}
