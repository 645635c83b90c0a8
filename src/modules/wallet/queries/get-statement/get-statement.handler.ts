import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AppConfig } from '../../../../config/app-config.js';
import { csvDocument } from '../../../../common/csv.js';
import { addDays, zonedParts } from '../../../../common/time.js';
import { userWallet } from '../../domain/accounts.js';
import { STATEMENT_COLUMNS, STATEMENT_MAX_DAYS, statementRows } from '../../domain/statement.js';
import { toTransaction, TxRow } from '../../domain/transaction-view.js';
import { dateRange, invalid, singleValues, TRANSACTIONS_SQL } from '../../application/wallet-reads.js';
import { GetStatementQuery } from './get-statement.query.js';

@QueryHandler(GetStatementQuery)
export class GetStatementHandler implements IQueryHandler<GetStatementQuery, { filename: string; csv: string }> {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async execute({ userId, q }: GetStatementQuery): Promise<{ filename: string; csv: string }> {
    singleValues(q);
    if (!q.startDate || !q.endDate) throw invalid('startDate and endDate are required (YYYY-MM-DD)');
    const { from, to } = dateRange(this.config.appTimezone, q.startDate, q.endDate) as { from: Date; to: Date };
    if (addDays(q.startDate, STATEMENT_MAX_DAYS) <= q.endDate) throw invalid(`A statement covers at most ${STATEMENT_MAX_DAYS} days`);
    const account = userWallet(userId);
    const [[o], rows] = (await Promise.all([
      this.ds.query(`SELECT coalesce(sum(amount), 0)::text AS opening FROM postings WHERE account = $1 AND created_at < $2`, [account, from]),
      this.ds.query(`SELECT t.*, '0' AS total FROM (${TRANSACTIONS_SQL} AND p.created_at >= $2 AND p.created_at < $3) t ORDER BY t.seq`, [account, from, to]),
    ])) as [{ opening: string }[], TxRow[]];
    const tz = this.config.appTimezone;
    const lines = rows.map((r) => {
      const tx = toTransaction(r);
      const at = zonedParts(r.created_at, tz);
      const time = `${at.time}:${String(at.seconds).padStart(2, '0')}`;
      return { date: at.date, time, type: tx.type, description: tx.description, reference: tx.reference, status: tx.status, amount: BigInt(r.amount) };
    });
    const { rows: body } = statementRows({ startDate: q.startDate, endDate: q.endDate }, BigInt(o.opening), lines);
    return { filename: `wakestake-statement-${q.startDate}-to-${q.endDate}.csv`, csv: csvDocument([STATEMENT_COLUMNS, ...body]) };
  }
}
