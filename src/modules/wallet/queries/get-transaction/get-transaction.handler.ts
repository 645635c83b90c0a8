import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { isUuid } from '../../../../common/uuid.js';
import { userWallet } from '../../domain/accounts.js';
import { toTransaction, TransactionView, TxRow } from '../../domain/transaction-view.js';
import { TRANSACTIONS_SQL } from '../../application/wallet-reads.js';
import { WalletErrors } from '../../wallet.errors.js';
import { GetTransactionQuery } from './get-transaction.query.js';

@QueryHandler(GetTransactionQuery)
export class GetTransactionHandler implements IQueryHandler<GetTransactionQuery, { success: true; data: TransactionView }> {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async execute({ userId, id }: GetTransactionQuery): Promise<{ success: true; data: TransactionView }> {
    if (!isUuid(id)) throw WalletErrors.notFound();
    const rows = (await this.ds.query(`SELECT *, '1' AS total FROM (${TRANSACTIONS_SQL}) t WHERE t.tx_id = $2 OR t.entry_id = $2 ORDER BY t.seq LIMIT 1`, [
      userWallet(userId),
      id,
    ])) as TxRow[];
    if (!rows.length) throw WalletErrors.notFound();
    return { success: true as const, data: toTransaction(rows[0]) };
  }
}
