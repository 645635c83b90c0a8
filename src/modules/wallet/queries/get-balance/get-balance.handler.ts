import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { readBalances } from '../get-balances/get-balances.handler.js';
import { GetBalanceQuery } from './get-balance.query.js';

@QueryHandler(GetBalanceQuery)
export class GetBalanceHandler implements IQueryHandler<GetBalanceQuery, { balance: bigint }> {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async execute({ userId }: GetBalanceQuery): Promise<{ balance: bigint }> {
    return { balance: (await readBalances(this.ds, [userId])).get(userId)! };
  }
}
