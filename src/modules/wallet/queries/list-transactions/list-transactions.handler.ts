import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { AppConfig } from '../../../../config/app-config.js';
import { userWallet } from '../../domain/accounts.js';
import { REASONS, toTransaction, TRANSACTION_TYPE_FILTERS, TransactionType, TYPE_WORDS } from '../../domain/transaction-view.js';
import { dateRange, intParam, invalid, singleValues } from '../../domain/query-params.js';
import { TransactionFilter, WalletReadRepository } from '../../infrastructure/wallet-read.repository.js';
import { ListTransactionsQuery, TransactionsPage } from './list-transactions.query.js';

@QueryHandler(ListTransactionsQuery)
export class ListTransactionsHandler implements IQueryHandler<ListTransactionsQuery, TransactionsPage> {
  constructor(
    @Inject(WalletReadRepository) private readonly reads: WalletReadRepository,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async execute({ userId, q }: ListTransactionsQuery): Promise<TransactionsPage> {
    singleValues(q);
    const page = intParam('page', q.page, 0, 0, 1_000_000);
    const size = intParam('size', q.size, 20, 1, 100);
    const filter: TransactionFilter = {};
    if (q.type !== undefined && q.type !== '') {
      const word = q.type.trim().toUpperCase();
      if (!TRANSACTION_TYPE_FILTERS.includes(word)) throw invalid(`type must be one of ${TRANSACTION_TYPE_FILTERS.join(', ')}`);
      const type = word in TYPE_WORDS ? TYPE_WORDS[word] : (word as TransactionType);
      if (type) filter.reasons = REASONS[type];
    }
    const range = dateRange(this.config.appTimezone, q.startDate, q.endDate);
    if (range.from) filter.from = range.from;
    if (range.to) filter.to = range.to;
    const account = userWallet(userId);
    const rows = await this.reads.transactionsPage(account, filter, size, page * size);
    let total = rows.length ? Number(rows[0].total) : 0;
    if (!rows.length && page > 0) total = await this.reads.countTransactions(account, filter);
    return { success: true as const, data: { transactions: rows.map(toTransaction), page, size, total } };
  }
}
