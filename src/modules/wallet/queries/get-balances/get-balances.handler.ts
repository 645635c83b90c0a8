import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { userWallet } from '../../domain/accounts.js';
import { GetBalancesQuery } from './get-balances.query.js';

/** The one read of wallet balances from the projection; GetBalanceQuery is its one-user case. */
export async function readBalances(ds: DataSource, userIds: readonly string[]): Promise<Map<string, bigint>> {
  const balances = new Map<string, bigint>(userIds.map((id) => [id, 0n]));
  if (userIds.length === 0) return balances;
  const accounts = userIds.map(userWallet);
  const byAccount = new Map(accounts.map((a, i) => [a, userIds[i]]));
  const rows = (await ds.query(`SELECT account, balance::text FROM account_balances WHERE account = ANY($1::text[])`, [accounts])) as { account: string; balance: string }[];
  for (const r of rows) balances.set(byAccount.get(r.account)!, BigInt(r.balance));
  return balances;
}

@QueryHandler(GetBalancesQuery)
export class GetBalancesHandler implements IQueryHandler<GetBalancesQuery, Map<string, bigint>> {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  execute({ userIds }: GetBalancesQuery): Promise<Map<string, bigint>> {
    return readBalances(this.ds, userIds);
  }
}
