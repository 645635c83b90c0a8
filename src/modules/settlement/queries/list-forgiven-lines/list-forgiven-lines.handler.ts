import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ForgivenLineView, ListForgivenLinesQuery } from './list-forgiven-lines.query.js';

@QueryHandler(ListForgivenLinesQuery)
export class ListForgivenLinesHandler implements IQueryHandler<ListForgivenLinesQuery, ForgivenLineView[]> {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async execute({ outageIds }: ListForgivenLinesQuery): Promise<ForgivenLineView[]> {
    if (outageIds.length === 0) return [];
    const rows = (await this.ds.query(
      `SELECT l.forgiven_by, l.challenge_id, l.user_id, to_char(l.settlement_date, 'YYYY-MM-DD') AS date, r.batch_no, l.stake::text AS stake, l.status, l.forgiven_note
         FROM settlement_lines l JOIN settlement_runs r ON r.id = l.run_id
        WHERE l.forgiven_by = ANY($1::uuid[]) ORDER BY l.settlement_date, l.line_no LIMIT 5000`,
      [outageIds],
    )) as Record<string, unknown>[];
    return rows.map((r) => ({
      outageId: r.forgiven_by as string,
      challengeId: r.challenge_id as string,
      userId: r.user_id as string,
      date: r.date as string,
      batch: Number(r.batch_no),
      stake: BigInt(r.stake as string),
      paid: r.status === 'PAID',
      note: (r.forgiven_note as string | null) ?? null,
    }));
  }
}
