import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AppConfig } from '../../../../config/app-config.js';
import { userWallet } from '../../domain/accounts.js';
import { REASONS, toTransaction, TRANSACTION_TYPE_FILTERS, TransactionType, TxRow, TYPE_WORDS } from '../../domain/transaction-view.js';
import { dateRange, intParam, invalid, singleValues, TRANSACTIONS_SQL } from '../../application/wallet-reads.js';
import { ListTransactionsQuery, TransactionsPage } from './list-transactions.query.js';

@QueryHandler(ListTransactionsQuery)
export class ListTransactionsHandler implements IQueryHandler<ListTransactionsQuery, TransactionsPage> {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async execute({ userId, q }: ListTransactionsQuery): Promise<TransactionsPage> {
    singleValues(q);
    const page = intParam('page', q.page, 0, 0, 1_000_000);
    const size = intParam('size', q.size, 20, 1, 100);
    const params: unknown[] = [userWallet(userId)];
    let where = '';
    if (q.type !== undefined && q.type !== '') {
      const word = q.type.trim().toUpperCase();
      if (!TRANSACTION_TYPE_FILTERS.includes(word)) throw invalid(`type must be one of ${TRANSACTION_TYPE_FILTERS.join(', ')}`);
      const type = word in TYPE_WORDS ? TYPE_WORDS[word] : (word as TransactionType);
      if (type) {
        params.push(REASONS[type]);
        where += ` AND j.reason = ANY($${params.length}::text[])`;
      }
    }
    const range = dateRange(this.config.appTimezone, q.startDate, q.endDate);
    if (range.from) {
      params.push(range.from);
      where += ` AND p.created_at >= $${params.length}`;
    }
    if (range.to) {
      params.push(range.to);
      where += ` AND p.created_at < $${params.length}`;
    }
    params.push(size, page * size);
    const rows = (await this.ds.query(
      `SELECT *, count(*) OVER ()::text AS total FROM (${TRANSACTIONS_SQL}${where}) t ORDER BY t.seq DESC LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    )) as TxRow[];
    let total = rows.length ? Number(rows[0].total) : 0;
    if (!rows.length && page > 0) {
      const [c] = (await this.ds.query(`SELECT count(*)::text AS n FROM (${TRANSACTIONS_SQL}${where}) t`, params.slice(0, -2))) as { n: string }[];
      total = Number(c.n);
    }
    return { success: true as const, data: { transactions: rows.map(toTransaction), page, size, total } };
  }
}
