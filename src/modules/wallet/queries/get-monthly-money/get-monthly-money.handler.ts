import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AppConfig } from '../../../../config/app-config.js';
import { zonedInstant } from '../../../../common/time.js';
import { userWallet } from '../../domain/accounts.js';
import { MoneyMonth, moneyMonths } from '../../domain/money-months.js';
import { GetMonthlyMoneyQuery } from './get-monthly-money.query.js';

@QueryHandler(GetMonthlyMoneyQuery)
export class GetMonthlyMoneyHandler implements IQueryHandler<GetMonthlyMoneyQuery, MoneyMonth[]> {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async execute({ userId, year }: GetMonthlyMoneyQuery): Promise<MoneyMonth[]> {
    const tz = this.config.appTimezone;
    const rows = (await this.ds.query(
      `SELECT to_char(p.created_at AT TIME ZONE $2, 'YYYY-MM') AS month, j.reason, sum(p.amount)::text AS amount
         FROM postings p JOIN journal_entries j ON j.id = p.entry_id
        WHERE p.account = $1 AND p.created_at >= $3 AND p.created_at < $4
        GROUP BY 1, 2`,
      [userWallet(userId), tz, zonedInstant(`${year}-01-01`, '00:00', tz), zonedInstant(`${year + 1}-01-01`, '00:00', tz)],
    )) as { month: string; reason: string; amount: string }[];
    return moneyMonths(year, rows.map((r) => ({ month: r.month, reason: r.reason, amount: BigInt(r.amount) })));
  }
}
