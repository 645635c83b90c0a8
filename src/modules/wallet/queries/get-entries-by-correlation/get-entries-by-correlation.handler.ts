import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { CorrelatedEntry, GetEntriesByCorrelationQuery } from './get-entries-by-correlation.query.js';

@QueryHandler(GetEntriesByCorrelationQuery)
export class GetEntriesByCorrelationHandler implements IQueryHandler<GetEntriesByCorrelationQuery, CorrelatedEntry[]> {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async execute({ type, id }: GetEntriesByCorrelationQuery): Promise<CorrelatedEntry[]> {
    if (Array.isArray(id) && id.length === 0) return [];
    const rows = (await this.ds.query(
      `SELECT j.id, j.created_at, j.reason, j.correlation_type, j.correlation_id, j.idempotency_key, j.metadata,
              (SELECT json_agg(json_build_object('account', q.account, 'amount', q.amount::text) ORDER BY q.account) FROM postings q WHERE q.entry_id = j.id) AS postings
         FROM journal_entries j WHERE j.correlation_type = $1 AND j.correlation_id = ANY($2::varchar[]) ORDER BY j.created_at,
              -- same instant: the order of the postings on the correlation's own account (challenge:{id}:stake, payout:clearing:{id})
              (SELECT min(p.seq) FROM postings p WHERE p.entry_id = j.id AND p.account LIKE '%:' || j.correlation_id || '%'), j.id`,
      [type, Array.isArray(id) ? id : [id]],
    )) as { id: string; created_at: Date; reason: string; correlation_type: string; correlation_id: string; idempotency_key: string; metadata: Record<string, unknown>; postings: { account: string; amount: string }[] | null }[];
    return rows.map((r) => ({
      entryId: r.id,
      postedAt: r.created_at,
      reason: r.reason,
      correlationType: r.correlation_type,
      correlationId: r.correlation_id,
      idempotencyKey: r.idempotency_key,
      postings: (r.postings ?? []).map((p) => ({ account: p.account, amount: BigInt(p.amount) })),
      metadata: r.metadata,
    }));
  }
}
