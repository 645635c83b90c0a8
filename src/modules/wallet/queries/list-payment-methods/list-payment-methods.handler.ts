import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { maskAccount, maskUpi } from '../../domain/withdrawal-rules.js';
import { intParam, singleValues } from '../../application/wallet-reads.js';
import { ListPaymentMethodsQuery, PaymentMethodsPage, UsedPaymentMethod } from './list-payment-methods.query.js';

@QueryHandler(ListPaymentMethodsQuery)
export class ListPaymentMethodsHandler implements IQueryHandler<ListPaymentMethodsQuery, PaymentMethodsPage> {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async execute({ userId, q }: ListPaymentMethodsQuery): Promise<PaymentMethodsPage> {
    singleValues(q);
    const page = intParam('page', q.page, 0, 0, 1_000_000);
    const size = intParam('size', q.size, 20, 1, 100);
    const rows = (await this.ds.query(
      `SELECT method, upi_id, bank_account_number, ifsc_code, account_holder_name, bank_name, max(created_at) AS last_used_at, count(*)::int AS uses,
              count(*) OVER ()::int AS total
         FROM withdrawals WHERE user_id = $1
        GROUP BY method, upi_id, bank_account_number, ifsc_code, account_holder_name, bank_name
        ORDER BY last_used_at DESC LIMIT $2 OFFSET $3`,
      [userId, size, page * size],
    )) as { method: string; upi_id: string | null; bank_account_number: string | null; ifsc_code: string | null; account_holder_name: string | null; bank_name: string | null; last_used_at: Date; uses: number; total: number }[];
    const total = rows.length ? rows[0].total : page > 0 ? await this.count(userId) : 0;
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

  private async count(userId: string): Promise<number> {
    const [c] = (await this.ds.query(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM withdrawals WHERE user_id = $1 GROUP BY method, upi_id, bank_account_number, ifsc_code, account_holder_name, bank_name) x`,
      [userId],
    )) as { n: number }[];
    return c.n;
  }
}
