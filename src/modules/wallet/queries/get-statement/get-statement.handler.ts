import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { AppConfig } from '../../../../config/app-config.js';
import { csvDocument } from '../../../../common/csv.js';
import { addDays, zonedParts } from '../../../../common/time.js';
import { userWallet } from '../../domain/accounts.js';
import { STATEMENT_COLUMNS, STATEMENT_MAX_DAYS, statementRows } from '../../domain/statement.js';
import { toTransaction } from '../../domain/transaction-view.js';
import { dateRange, invalid, singleValues } from '../../domain/query-params.js';
import { WalletReadRepository } from '../../infrastructure/wallet-read.repository.js';
import { GetStatementQuery } from './get-statement.query.js';

@QueryHandler(GetStatementQuery)
export class GetStatementHandler implements IQueryHandler<GetStatementQuery, { filename: string; csv: string }> {
  constructor(
    @Inject(WalletReadRepository) private readonly reads: WalletReadRepository,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async execute({ userId, q }: GetStatementQuery): Promise<{ filename: string; csv: string }> {
    singleValues(q);
    if (!q.startDate || !q.endDate) throw invalid('startDate and endDate are required (YYYY-MM-DD)');
    const { from, to } = dateRange(this.config.appTimezone, q.startDate, q.endDate) as { from: Date; to: Date };
    if (addDays(q.startDate, STATEMENT_MAX_DAYS) <= q.endDate) throw invalid(`A statement covers at most ${STATEMENT_MAX_DAYS} days`);
    const account = userWallet(userId);
    const { opening, rows } = await this.reads.statement(account, from, to);
    const tz = this.config.appTimezone;
    const lines = rows.map((r) => {
      const tx = toTransaction(r);
      const at = zonedParts(r.created_at, tz);
      const time = `${at.time}:${String(at.seconds).padStart(2, '0')}`;
      return { date: at.date, time, type: tx.type, description: tx.description, reference: tx.reference, status: tx.status, amount: BigInt(r.amount) };
    });
    const { rows: body } = statementRows({ startDate: q.startDate, endDate: q.endDate }, opening, lines);
    return { filename: `wakestake-statement-${q.startDate}-to-${q.endDate}.csv`, csv: csvDocument([STATEMENT_COLUMNS, ...body]) };
  }
}
