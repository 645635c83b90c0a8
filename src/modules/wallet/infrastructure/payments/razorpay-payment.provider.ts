import { Inject, Injectable, Logger } from '@nestjs/common';
import Razorpay from 'razorpay';
import { AppConfig } from '../../../../config/app-config.js';
import { WalletErrors } from '../../wallet.errors.js';
import { PaymentProvider, ProviderPayment } from './payment-provider.js';

const TIMEOUT_MS = 10_000;

/** Razorpay through its SDK. Network failures (a TypeError inside the SDK) and 5xx answers become 503. */
@Injectable()
export class RazorpayPaymentProvider extends PaymentProvider {
  readonly name = 'razorpay' as const;
  private readonly logger = new Logger('Razorpay');
  readonly sdk: Razorpay;

  constructor(@Inject(AppConfig) config: AppConfig) {
    super();
    this.sdk = new Razorpay({ key_id: config.razorpayKeyId, key_secret: config.razorpayKeySecret });
    this.http.defaults.timeout = TIMEOUT_MS;
  }

  /** The SDK's axios instance (tests point its baseURL at a local fake of Razorpay's API). */
  get http(): { defaults: { baseURL?: string; timeout?: number } } {
    return (this.sdk as unknown as { api: { rq: { defaults: { baseURL?: string; timeout?: number } } } }).api.rq;
  }

  async createOrder(input: { amount: bigint; receipt: string; notes: Record<string, string> }): Promise<{ orderId: string }> {
    const order = await this.call('orders.create', () =>
      this.sdk.orders.create({ amount: Number(input.amount), currency: 'INR', receipt: input.receipt, notes: input.notes }),
    );
    if (!order || typeof order.id !== 'string') throw WalletErrors.providerUnavailable();
    return { orderId: order.id };
  }

  async fetchPayment(paymentId: string): Promise<ProviderPayment | null> {
    try {
      const p = await this.call('payments.fetch', () => this.sdk.payments.fetch(paymentId));
      return { id: String(p.id), orderId: String(p.order_id ?? ''), amount: BigInt(Math.round(Number(p.amount))), status: String(p.status) };
    } catch (e) {
      if ((e as { notFound?: boolean }).notFound) return null;
      throw e;
    }
  }

  private async call<T>(what: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      const err = e as { statusCode?: number; error?: { code?: string; description?: string } };
      if (typeof err?.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500 && err.statusCode !== 401 && err.statusCode !== 429) {
        // Razorpay answers an unknown id with 400 BAD_REQUEST_ERROR (or 404).
        this.logger.warn(`${what} refused: ${err.statusCode} ${err.error?.code ?? ''} ${err.error?.description ?? ''}`);
        throw Object.assign(WalletErrors.paymentNotConfirmed(), { notFound: true });
      }
      this.logger.error(`${what} failed: ${typeof err?.statusCode === 'number' ? `HTTP ${err.statusCode}` : (e as Error)?.message}`);
      throw WalletErrors.providerUnavailable();
    }
  }
}
