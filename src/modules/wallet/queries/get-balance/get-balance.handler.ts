import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { WalletReadRepository } from '../../infrastructure/wallet-read.repository.js';
import { GetBalanceQuery } from './get-balance.query.js';

@QueryHandler(GetBalanceQuery)
export class GetBalanceHandler implements IQueryHandler<GetBalanceQuery, { balance: bigint }> {
  constructor(@Inject(WalletReadRepository) private readonly reads: WalletReadRepository) {}

  async execute({ userId }: GetBalanceQuery): Promise<{ balance: bigint }> {
    return { balance: (await this.reads.balances([userId])).get(userId)! };
  }
}
