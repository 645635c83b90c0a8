import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { userWallet } from '../../domain/accounts.js';
import { GetBalanceQuery } from './get-balance.query.js';

@QueryHandler(GetBalanceQuery)
export class GetBalanceHandler implements IQueryHandler<GetBalanceQuery, { balance: bigint }> {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async execute({ userId }: GetBalanceQuery): Promise<{ balance: bigint }> {
    const rows = (await this.ds.query(`SELECT balance::text FROM account_balances WHERE account = $1`, [userWallet(userId)])) as { balance: string }[];
    return { balance: rows.length ? BigInt(rows[0].balance) : 0n };
  }
}
