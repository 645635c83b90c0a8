import { Query } from '@nestjs/cqrs';

export interface SuspenseLine {
  entryId: string;
  postedAt: Date;
  reason: string;
  correlationType: string;
  correlationId: string;
  /** paise on the suspense account: positive in, negative out (resolved) */
  amount: bigint;
  metadata: Record<string, unknown>;
}

export interface SuspenseAccount {
  account: string;
  userId: string;
  /** paise still held */
  balance: bigint;
  lines: SuspenseLine[];
}

/** Money that arrived for closed accounts, per account, with every movement (support console). open: only those still holding money. */
export class ListSuspenseQuery extends Query<SuspenseAccount[]> {
  constructor(readonly open = true) {
    super();
  }
}
