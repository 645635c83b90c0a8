import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { WalletReadRepository } from '../../infrastructure/wallet-read.repository.js';
import { ListSuspenseQuery, SuspenseAccount } from './list-suspense.query.js';

@QueryHandler(ListSuspenseQuery)
export class ListSuspenseHandler implements IQueryHandler<ListSuspenseQuery, SuspenseAccount[]> {
  constructor(@Inject(WalletReadRepository) private readonly reads: WalletReadRepository) {}

  async execute({ open }: ListSuspenseQuery): Promise<SuspenseAccount[]> {
    const rows = await this.reads.suspenseLines(open);
    const byAccount = new Map<string, SuspenseAccount>();
    for (const r of rows) {
      let a = byAccount.get(r.account);
      if (!a) byAccount.set(r.account, (a = { account: r.account, userId: r.account.slice('suspense:'.length), balance: BigInt(r.balance), lines: [] }));
      a.lines.push({
        entryId: r.entry_id,
        postedAt: r.created_at,
        reason: r.reason,
        correlationType: r.correlation_type,
        correlationId: r.correlation_id,
        amount: BigInt(r.amount),
        metadata: r.metadata,
      });
    }
    return [...byAccount.values()];
  }
}
