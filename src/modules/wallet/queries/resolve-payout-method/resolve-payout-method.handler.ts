import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { DomainError } from '../../../../common/errors/domain-error.js';
import { isUuid } from '../../../../common/uuid.js';
import type { WithdrawalInput } from '../../domain/withdrawal-rules.js';
import { ResolvePayoutMethodQuery } from './resolve-payout-method.query.js';

const notFound = () => new DomainError('WALLET.PAYOUT_METHOD_NOT_FOUND', 'INVALID', 'Saved payout method not found');

interface SavedRow {
  method: 'UPI' | 'BANK_TRANSFER';
  upi_id: string | null;
  bank_account_number: string | null;
  ifsc_code: string | null;
  account_holder_name: string | null;
  bank_name: string | null;
}

@QueryHandler(ResolvePayoutMethodQuery)
export class ResolvePayoutMethodHandler implements IQueryHandler<ResolvePayoutMethodQuery, WithdrawalInput> {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async execute({ userId, input }: ResolvePayoutMethodQuery): Promise<WithdrawalInput> {
    const { payoutMethodId, ...rest } = input;
    if (payoutMethodId === undefined || payoutMethodId === null) return rest;
    if (typeof payoutMethodId !== 'string' || !isUuid(payoutMethodId)) throw notFound();
    if (rest.upiId != null || rest.bankDetails != null) {
      throw new DomainError('WALLET.INVALID_WITHDRAWAL', 'INVALID', 'Send either a saved payout method or new payout details, not both');
    }
    const [row] = (await this.ds.query(
      `SELECT method, upi_id, bank_account_number, ifsc_code, account_holder_name, bank_name FROM payout_methods WHERE id = $1 AND user_id = $2`,
      [payoutMethodId, userId],
    )) as SavedRow[];
    if (!row) throw notFound();
    return row.method === 'UPI'
      ? { ...rest, withdrawalMethod: 'UPI', upiId: row.upi_id }
      : {
          ...rest,
          withdrawalMethod: 'BANK_TRANSFER',
          bankDetails: { accountNumber: row.bank_account_number, ifscCode: row.ifsc_code, accountHolderName: row.account_holder_name, bankName: row.bank_name },
        };
  }
}
