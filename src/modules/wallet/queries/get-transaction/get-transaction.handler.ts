import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { isUuid } from '../../../../common/uuid.js';
import { userWallet } from '../../domain/accounts.js';
import { toTransaction, TransactionView } from '../../domain/transaction-view.js';
import { WalletReadRepository } from '../../infrastructure/wallet-read.repository.js';
import { WalletErrors } from '../../wallet.errors.js';
import { GetTransactionQuery } from './get-transaction.query.js';

@QueryHandler(GetTransactionQuery)
export class GetTransactionHandler implements IQueryHandler<GetTransactionQuery, { success: true; data: TransactionView }> {
  constructor(@Inject(WalletReadRepository) private readonly reads: WalletReadRepository) {}

  async execute({ userId, id }: GetTransactionQuery): Promise<{ success: true; data: TransactionView }> {
    if (!isUuid(id)) throw WalletErrors.notFound();
    const row = await this.reads.transaction(userWallet(userId), id);
    if (!row) throw WalletErrors.notFound();
    return { success: true as const, data: toTransaction(row) };
  }
}
