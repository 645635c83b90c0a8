import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { AppConfig } from '../../../../config/app-config.js';
import { toRupees } from '../../../../common/money.js';
import { userWallet } from '../../domain/accounts.js';
import { dateRange, intParam, singleValues } from '../../domain/query-params.js';
import { WalletReadRepository } from '../../infrastructure/wallet-read.repository.js';
import { EarningsPage, GetEarningsQuery } from './get-earnings.query.js';

@QueryHandler(GetEarningsQuery)
export class GetEarningsHandler implements IQueryHandler<GetEarningsQuery, EarningsPage> {
  constructor(
    @Inject(WalletReadRepository) private readonly reads: WalletReadRepository,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async execute({ userId, q }: GetEarningsQuery): Promise<EarningsPage> {
    singleValues(q);
    const page = intParam('page', q.page, 0, 0, 1_000_000);
    const size = intParam('size', q.size, 100, 1, 366);
    const range = dateRange(this.config.appTimezone, q.startDate, q.endDate);
    const rows = await this.reads.earningsByDay(userWallet(userId), this.config.appTimezone, range.from ?? null, range.to ?? null);
    let tw = 0n;
    let tl = 0n;
    const earnings = rows.map((r) => {
      const w = BigInt(r.winnings);
      const l = BigInt(r.losses);
      tw += w;
      tl += l;
      return { date: r.date, winnings: toRupees(w), losses: toRupees(l), net: toRupees(w - l) };
    });
    // One row a day: the totals cover the whole range, the page its days (oldest first).
    return {
      success: true as const,
      data: {
        earnings: earnings.slice(page * size, page * size + size),
        page,
        size,
        total: earnings.length,
        totalWinnings: toRupees(tw),
        totalLosses: toRupees(tl),
        netEarnings: toRupees(tw - tl),
        startDate: q.startDate ?? null,
        endDate: q.endDate ?? null,
      },
    };
  }
}
