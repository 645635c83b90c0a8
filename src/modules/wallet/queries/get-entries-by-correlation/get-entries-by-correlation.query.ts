import { Query } from '@nestjs/cqrs';

export interface CorrelatedEntry {
  entryId: string;
  postedAt: Date;
  reason: string;
  correlationType: string;
  correlationId: string;
  idempotencyKey: string;
  /** paise, sorted by account */
  postings: { account: string; amount: bigint }[];
  metadata: Record<string, unknown>;
}

/** Every journal entry with this correlation (e.g. 'challenge', id; or several ids of one type), oldest first (support console). */
export class GetEntriesByCorrelationQuery extends Query<CorrelatedEntry[]> {
  constructor(
    readonly type: string,
    readonly id: string | string[],
  ) {
    super();
  }
}
