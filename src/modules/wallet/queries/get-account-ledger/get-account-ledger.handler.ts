import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { userWallet } from '../../domain/accounts.js';
import { GetAccountLedgerQuery, LedgerLine } from './get-account-ledger.query.js';

type Result = { account: string; balance: bigint; lines: LedgerLine[] };

@QueryHandler(GetAccountLedgerQuery)
export class GetAccountLedgerHandler implements IQueryHandler<GetAccountLedgerQuery, Result> {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async execute({ userId }: GetAccountLedgerQuery): Promise<Result> {
    const account = userWallet(userId);
    const rows = (await this.ds.query(
      `SELECT j.id, j.created_at, j.reason, j.correlation_type, j.correlation_id, j.idempotency_key, j.metadata, p.amount::text AS amount,
              (SELECT json_agg(json_build_object('account', q.account, 'amount', q.amount::text) ORDER BY q.account) FROM postings q WHERE q.entry_id = j.id) AS postings
         FROM postings p JOIN journal_entries j ON j.id = p.entry_id
        WHERE p.account = $1 ORDER BY p.seq`,
      [account],
    )) as {
      id: string;
      created_at: Date;
      reason: string;
      correlation_type: LedgerLine['correlationType'];
      correlation_id: string;
      idempotency_key: string;
      metadata: Record<string, unknown>;
      amount: string;
      postings: { account: string; amount: string }[];
    }[];
    let running = 0n;
    const lines = rows.map((r): LedgerLine => {
      running += BigInt(r.amount);
      return {
        entryId: r.id,
        postedAt: r.created_at,
        reason: r.reason,
        correlationType: r.correlation_type,
        correlationId: r.correlation_id,
        idempotencyKey: r.idempotency_key,
        amount: BigInt(r.amount),
        runningBalance: running,
        postings: r.postings.map((p) => ({ account: p.account, amount: BigInt(p.amount) })),
        metadata: r.metadata,
      };
    });
    return { account, balance: running, lines };
  }
}
