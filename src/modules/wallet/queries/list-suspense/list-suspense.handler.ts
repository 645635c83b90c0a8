import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ListSuspenseQuery, SuspenseAccount } from './list-suspense.query.js';

@QueryHandler(ListSuspenseQuery)
export class ListSuspenseHandler implements IQueryHandler<ListSuspenseQuery, SuspenseAccount[]> {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async execute({ open }: ListSuspenseQuery): Promise<SuspenseAccount[]> {
    const rows = (await this.ds.query(
      `SELECT b.account, b.balance::text AS balance, j.id AS entry_id, j.created_at, j.reason, j.correlation_type, j.correlation_id, j.metadata, p.amount::text AS amount
         FROM account_balances b
         JOIN postings p ON p.account = b.account
         JOIN journal_entries j ON j.id = p.entry_id
        WHERE b.kind = 'suspense' AND ($1::boolean IS FALSE OR b.balance <> 0)
        ORDER BY b.account, p.seq
        LIMIT 5000`,
      [open],
    )) as { account: string; balance: string; entry_id: string; created_at: Date; reason: string; correlation_type: string; correlation_id: string; metadata: Record<string, unknown>; amount: string }[];
    const byAccount = new Map<string, SuspenseAccount>();
    for (const r of rows) {
      let a = byAccount.get(r.account);
      if (!a) byAccount.set(r.account, (a = { account: r.account, userId: r.account.slice('suspense:'.length), balance: BigInt(r.balance), lines: [] }));
      a.lines.push({ entryId: r.entry_id, postedAt: r.created_at, reason: r.reason, correlationType: r.correlation_type, correlationId: r.correlation_id, amount: BigInt(r.amount), metadata: r.metadata });
    }
    return [...byAccount.values()];
  }
}
