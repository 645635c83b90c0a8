import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { AppConfig } from '../../../../config/app-config.js';
import { Clock } from '../../../../common/clock.js';
import { isObject, readSignedWebhook } from '../../domain/signed-webhook.js';
import { DepositRepository } from '../../infrastructure/deposit.repository.js';
import { HandleRazorpayWebhookCommand } from './handle-razorpay-webhook.command.js';
import { actOnceOnWebhook } from '../../infrastructure/webhook-event.repository.js';

/** Signature over the raw body; the event recorded before (and with) acting, in one transaction; replays are no-ops. */
@CommandHandler(HandleRazorpayWebhookCommand)
export class HandleRazorpayWebhookHandler implements ICommandHandler<HandleRazorpayWebhookCommand, { eventId: string; outcome: string }> {
  private readonly logger = new Logger('Deposits');

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(DepositRepository) private readonly deposits: DepositRepository,
  ) {}

  async execute({ rawBody, signature, eventIdHeader }: HandleRazorpayWebhookCommand): Promise<{ eventId: string; outcome: string }> {
    const { event, body } = readSignedWebhook(rawBody, signature, this.config.razorpayWebhookSecret);
    const entity = isObject(event.payload) && isObject(event.payload.payment) ? event.payload.payment.entity : undefined;
    const payment = isObject(entity) && typeof entity.id === 'string' && typeof entity.order_id === 'string' ? entity : undefined;
    const type = (typeof event.event === 'string' ? event.event : 'unknown').slice(0, 64);
    const eventId = String(eventIdHeader || (typeof event.id === 'string' && event.id) || `${type}:${payment?.id ?? 'none'}`).slice(0, 128);

    const result = await this.deposits.withRetry(() =>
      this.ds.transaction((m) => actOnceOnWebhook(m, 'razorpay', { eventId, type, body, receivedAt: this.clock.now() }, () => this.act(m, type, payment))),
    );
    result.publish?.();
    return { eventId, outcome: result.outcome };
  }

  private async act(
    m: EntityManager,
    type: string,
    payment?: { id?: string; order_id?: string; amount?: number; status?: string },
  ): Promise<{ outcome: string; publish?: () => void }> {
    if (type !== 'payment.captured') return { outcome: 'ignored' };
    if (!payment?.id || !payment.order_id) return { outcome: 'ignored:no-payment' };
    const deposit = await this.deposits.findByOrderId(payment.order_id, m);
    if (!deposit) return { outcome: 'ignored:unknown-order' };
    if (typeof payment.amount !== 'number' || BigInt(Math.round(payment.amount)) !== BigInt(deposit.amount)) {
      this.logger.warn(`webhook payment ${payment.id} amount ${payment.amount} does not match order ${deposit.order_id} (${deposit.amount})`);
      return { outcome: 'refused:amount-mismatch' };
    }
    const credit = await this.deposits.creditIn(m, deposit.order_id, payment.id, 'webhook');
    return { outcome: credit.credited ? 'credited' : 'already-credited', publish: credit.publish };
  }
}
