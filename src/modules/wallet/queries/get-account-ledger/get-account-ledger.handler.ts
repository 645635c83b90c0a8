import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { userWallet } from '../../domain/accounts.js';
import { WalletReadRepository } from '../../infrastructure/wallet-read.repository.js';
import { GetAccountLedgerQuery, LedgerLine } from './get-account-ledger.query.js';

type Result = { account: string; balance: bigint; lines: LedgerLine[] };

@QueryHandler(GetAccountLedgerQuery)
export class GetAccountLedgerHandler implements IQueryHandler<GetAccountLedgerQuery, Result> {
  constructor(@Inject(WalletReadRepository) private readonly reads: WalletReadRepository) {}

  async execute({ userId }: GetAccountLedgerQuery): Promise<Result> {
    const account = userWallet(userId);
    const rows = await this.reads.accountLines(account);
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
