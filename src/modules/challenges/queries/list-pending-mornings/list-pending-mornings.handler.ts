import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ListPendingMorningsQuery, PendingMorningRow } from './list-pending-mornings.query.js';

@QueryHandler(ListPendingMorningsQuery)
export class ListPendingMorningsHandler implements IQueryHandler<ListPendingMorningsQuery, PendingMorningRow[]> {
  constructor(@Inject(getDataSourceToken()) private readonly dataSource: DataSource) {}

  async execute({ from, to }: ListPendingMorningsQuery): Promise<PendingMorningRow[]> {
    const rows = (await this.dataSource.query(
      `SELECT id, user_id, to_char(challenge_date, 'YYYY-MM-DD') AS challenge_date, wake_up_time, stake::text, window_opens_at, window_closes_at
         FROM challenges
        WHERE status = 'PENDING' AND window_closes_at > $1 AND window_opens_at <= $2
        ORDER BY window_opens_at, id`,
      [from, to],
    )) as { id: string; user_id: string; challenge_date: string; wake_up_time: string; stake: string; window_opens_at: Date; window_closes_at: Date }[];
    return rows.map((r) => ({
      challengeId: r.id,
      userId: r.user_id,
      challengeDate: r.challenge_date,
      wakeUpTime: r.wake_up_time.slice(0, 5),
      stake: BigInt(r.stake),
      windowOpensAt: r.window_opens_at,
      windowClosesAt: r.window_closes_at,
    }));
  }
}
