import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { maskAccount, maskUpi } from '../../domain/withdrawal-rules.js';
import { intParam, singleValues } from '../../domain/query-params.js';
import { WithdrawalRepository } from '../../infrastructure/withdrawal.repository.js';
import { ListPaymentMethodsQuery, PaymentMethodsPage, UsedPaymentMethod } from './list-payment-methods.query.js';

@QueryHandler(ListPaymentMethodsQuery)
export class ListPaymentMethodsHandler implements IQueryHandler<ListPaymentMethodsQuery, PaymentMethodsPage> {
  constructor(@Inject(WithdrawalRepository) private readonly withdrawals: WithdrawalRepository) {}

  async execute({ userId, q }: ListPaymentMethodsQuery): Promise<PaymentMethodsPage> {
    singleValues(q);
    const page = intParam('page', q.page, 0, 0, 1_000_000);
    const size = intParam('size', q.size, 20, 1, 100);
    const rows = await this.withdrawals.destinationsUsed(userId, size, page * size);
    const total = rows.length ? rows[0].total : page > 0 ? await this.withdrawals.countDestinationsUsed(userId) : 0;
    const methods = rows.map(
      (r): UsedPaymentMethod =>
        r.method === 'UPI'
          ? { type: 'UPI', upiId: maskUpi(r.upi_id ?? ''), lastUsedAt: r.last_used_at.toISOString(), uses: r.uses }
          : {
              type: 'BANK_TRANSFER',
              accountNumber: maskAccount(r.bank_account_number ?? ''),
              ifscCode: r.ifsc_code,
              accountHolderName: r.account_holder_name,
              bankName: r.bank_name,
              lastUsedAt: r.last_used_at.toISOString(),
              uses: r.uses,
            },
    );
    return { success: true as const, data: { paymentMethods: methods, page, size, total } };
  }
}
