import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomInt } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { AppConfig } from '../../../../config/app-config.js';
import { Clock } from '../../../../common/clock.js';
import { signPayment } from '../../domain/signatures.js';
import { PaymentProvider, PROVIDER_ID_CHARS, ProviderPayment } from './payment-provider.js';

export const providerId = (prefix: string): string =>
  `${prefix}_${Array.from({ length: 14 }, () => PROVIDER_ID_CHARS[randomInt(PROVIDER_ID_CHARS.length)]).join('')}`;

/** Works offline: orders are local ids, payments are those made through its checkout, signed as Razorpay signs. */
@Injectable()
export class SandboxPaymentProvider extends PaymentProvider {
  readonly name = 'sandbox' as const;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(Clock) private readonly clock: Clock,
  ) {
    super();
  }

  async createOrder(): Promise<{ orderId: string }> {
    return { orderId: providerId('order') };
  }

  async fetchPayment(paymentId: string): Promise<ProviderPayment | null> {
    const rows = (await this.ds.query(`SELECT payment_id, order_id, amount::text, status FROM sandbox_payments WHERE payment_id = $1`, [paymentId])) as {
      payment_id: string;
      order_id: string;
      amount: string;
      status: string;
    }[];
    return rows.length ? { id: rows[0].payment_id, orderId: rows[0].order_id, amount: BigInt(rows[0].amount), status: rows[0].status } : null;
  }

  /** What Razorpay's checkout answers the browser after a successful payment. */
  async checkout(orderId: string, amount: bigint): Promise<{ razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string }> {
    const paymentId = providerId('pay');
    await this.ds.query(`INSERT INTO sandbox_payments (payment_id, order_id, amount, status, created_at) VALUES ($1, $2, $3, 'captured', $4)`, [
      paymentId,
      orderId,
      amount.toString(),
      this.clock.now(),
    ]);
    return { razorpay_payment_id: paymentId, razorpay_order_id: orderId, razorpay_signature: signPayment(orderId, paymentId, this.config.razorpayKeySecret) };
  }
}
