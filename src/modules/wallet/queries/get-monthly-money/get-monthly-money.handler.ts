import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { AppConfig } from '../../../../config/app-config.js';
import { zonedInstant } from '../../../../common/time.js';
import { userWallet } from '../../domain/accounts.js';
import { WalletReadRepository } from '../../infrastructure/wallet-read.repository.js';
import { MoneyMonth, moneyMonths } from '../../domain/money-months.js';
import { GetMonthlyMoneyQuery } from './get-monthly-money.query.js';

@QueryHandler(GetMonthlyMoneyQuery)
export class GetMonthlyMoneyHandler implements IQueryHandler<GetMonthlyMoneyQuery, MoneyMonth[]> {
  constructor(
    @Inject(WalletReadRepository) private readonly reads: WalletReadRepository,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async execute({ userId, year }: GetMonthlyMoneyQuery): Promise<MoneyMonth[]> {
    const tz = this.config.appTimezone;
    const rows = await this.reads.monthlyByReason(
      userWallet(userId),
      tz,
      zonedInstant(`${year}-01-01`, '00:00', tz),
      zonedInstant(`${year + 1}-01-01`, '00:00', tz),
    );
    return moneyMonths(
      year,
      rows.map((r) => ({ month: r.month, reason: r.reason, amount: BigInt(r.amount) })),
    );
  }
}
