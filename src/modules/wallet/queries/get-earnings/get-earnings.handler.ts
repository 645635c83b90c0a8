import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AppConfig } from '../../../../config/app-config.js';
import { toRupees } from '../../../../common/money.js';
import { userWallet } from '../../domain/accounts.js';
import { dateRange, intParam, singleValues } from '../../application/wallet-reads.js';
import { EarningsPage, GetEarningsQuery } from './get-earnings.query.js';

@QueryHandler(GetEarningsQuery)
export class GetEarningsHandler implements IQueryHandler<GetEarningsQuery, EarningsPage> {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async execute({ userId, q }: GetEarningsQuery): Promise<EarningsPage> {
    singleValues(q);
    const page = intParam('page', q.page, 0, 0, 1_000_000);
    const size = intParam('size', q.size, 100, 1, 366);
    const range = dateRange(this.config.appTimezone, q.startDate, q.endDate);
    const rows = (await this.ds.query(
      // Winnings from the wallet's own postings; losses (stake parts moved to a pool, or donated in pledge mode) from the stakes the wallet paid:
      // each stake's challenge, then that challenge's pool contribution by its idempotency key (one probe each).
      `SELECT to_char(x.created_at AT TIME ZONE $2, 'YYYY-MM-DD') AS date,
              coalesce(sum(x.won), 0)::text AS winnings,
              coalesce(sum(x.lost), 0)::text AS losses
         FROM (SELECT j.created_at, p.amount AS won, NULL::bigint AS lost
                 FROM postings p JOIN journal_entries j ON j.id = p.entry_id
                WHERE p.account = $1 AND j.reason = 'WINNINGS'
               UNION ALL
               SELECT j.created_at, NULL, p.amount
                 FROM postings w
                 JOIN journal_entries s ON s.id = w.entry_id AND s.reason = 'CHALLENGE_STAKE' AND s.correlation_type = 'challenge'
                 JOIN journal_entries j ON j.idempotency_key IN ('challenge:' || s.correlation_id || ':pool', 'challenge:' || s.correlation_id || ':donation')
                 JOIN postings p ON p.entry_id = j.id
                WHERE w.account = $1 AND p.amount > 0 AND (p.account LIKE 'pool:%' OR p.account LIKE 'charity:%' OR p.account = 'platform:revenue')) x
        WHERE ($3::timestamptz IS NULL OR x.created_at >= $3) AND ($4::timestamptz IS NULL OR x.created_at < $4)
        GROUP BY 1 ORDER BY 1`,
      [userWallet(userId), this.config.appTimezone, range.from ?? null, range.to ?? null],
    )) as { date: string; winnings: string; losses: string }[];
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
