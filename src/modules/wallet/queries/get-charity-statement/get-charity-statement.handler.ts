import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { DomainError } from '../../../../common/errors/domain-error.js';
import { AppConfig } from '../../../../config/app-config.js';
import { monthRange, statementCsv, statementOf } from '../../domain/charity-statement.js';
import { CharityStatementResult, GetCharityStatementQuery } from './get-charity-statement.query.js';

@QueryHandler(GetCharityStatementQuery)
export class GetCharityStatementHandler implements IQueryHandler<GetCharityStatementQuery, CharityStatementResult> {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async execute({ month }: GetCharityStatementQuery): Promise<CharityStatementResult> {
    const range = monthRange(month);
    if (!range) throw new DomainError('LEDGER.INVALID_MONTH', 'INVALID', 'month must be a month in the form YYYY-MM');
    // the charity accounts from the projection (by kind), then their donation postings of the month's settlement dates;
    // a date's settlement posts on or after that date, so created_at bounds the index range from below
    const rows = (await this.ds.query(
      `SELECT substr(p.account, 9) AS charity_id, j.metadata->>'date' AS date, count(*)::int AS challenges, sum(p.amount)::text AS amount
         FROM account_balances a
         JOIN postings p ON p.account = a.account AND p.created_at >= ($1::date - 1)::timestamptz
         JOIN journal_entries j ON j.id = p.entry_id AND j.reason = 'PLEDGE_DONATION'
        WHERE a.kind = 'charity' AND j.metadata->>'date' >= $1::text AND j.metadata->>'date' < $2::text
        GROUP BY 1, 2`,
      [range.from, range.to],
    )) as { charity_id: string; date: string; challenges: number; amount: string }[];
    const names = new Map(this.config.charities.map((c) => [c.id, c.name]));
    const charities = statementOf(rows.map((r) => ({ charityId: r.charity_id, date: r.date, challenges: r.challenges, amount: BigInt(r.amount) })), names);
    return { month, charities, total: charities.reduce((s, c) => s + c.amount, 0n), csv: statementCsv(month, charities) };
  }
}
