import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { WalletReadRepository } from '../../infrastructure/wallet-read.repository.js';
import { CorrelatedEntry, GetEntriesByCorrelationQuery } from './get-entries-by-correlation.query.js';

@QueryHandler(GetEntriesByCorrelationQuery)
export class GetEntriesByCorrelationHandler implements IQueryHandler<GetEntriesByCorrelationQuery, CorrelatedEntry[]> {
  constructor(@Inject(WalletReadRepository) private readonly reads: WalletReadRepository) {}

  async execute({ type, id }: GetEntriesByCorrelationQuery): Promise<CorrelatedEntry[]> {
    if (Array.isArray(id) && id.length === 0) return [];
    const rows = await this.reads.entriesByCorrelation(type, Array.isArray(id) ? id : [id]);
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
