import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { AppConfig } from '../../../../config/app-config.js';
import { Clock } from '../../../../common/clock.js';
import { isUuid } from '../../../../common/uuid.js';
import { retry, upTo } from '../../../../common/retry.js';
import { isObject, readSignedWebhook } from '../../domain/signed-webhook.js';
import { isRetryableLedgerError } from '../../infrastructure/ledger.service.js';
import { payoutOutcome, RazorpayxPayout } from '../../infrastructure/payouts/razorpayx-payout.provider.js';
import { WithdrawalRepository } from '../../infrastructure/withdrawal.repository.js';
import { HandlePayoutWebhookCommand } from './handle-payout-webhook.command.js';
import { actOnceOnWebhook } from '../../infrastructure/webhook-event.repository.js';

/**
 * RazorpayX payout webhooks: the signature (HMAC-SHA256 of the raw body with the RazorpayX webhook secret) checked in
 * constant time; the event recorded by its id in the same transaction that acts on it, so a replay is a no-op; the
 * withdrawal found by the payout id or by the payout's reference_id (the withdrawal id), so a webhook that overtakes
 * the payout's own answer still finds it. processed → posted out; failed, rejected, cancelled → voided in full;
 * reversed → voided in full, or, after processed, a reversing entry gives the whole amount back.
 */
@CommandHandler(HandlePayoutWebhookCommand)
export class HandlePayoutWebhookHandler implements ICommandHandler<HandlePayoutWebhookCommand, { eventId: string; outcome: string }> {
  private readonly logger = new Logger('PayoutWebhooks');

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(WithdrawalRepository) private readonly withdrawals: WithdrawalRepository,
  ) {}

  async execute({ rawBody, signature, eventIdHeader }: HandlePayoutWebhookCommand): Promise<{ eventId: string; outcome: string }> {
    const { event, body } = readSignedWebhook(rawBody, signature, this.config.razorpayxWebhookSecret);
    const entity = isObject(event.payload) && isObject(event.payload.payout) ? event.payload.payout.entity : undefined;
    const payout = isObject(entity) ? (entity as unknown as RazorpayxPayout) : undefined;
    const type = String(event.event ?? 'unknown').slice(0, 64);
    // RazorpayX sends X-Razorpay-Event-Id; without one, its own advice: deduplicate on the payout id and status.
    const eventId = String(eventIdHeader || (typeof event.id === 'string' ? event.id : '') || `${type}:${payout?.id ?? 'none'}:${payout?.status ?? ''}`).slice(
      0,
      128,
    );

    const result = await retry(
      () =>
        this.ds.transaction((m) => actOnceOnWebhook(m, 'razorpayx', { eventId, type, body, receivedAt: this.clock.now() }, () => this.act(m, type, payout))),
      { attempts: 20, retryable: isRetryableLedgerError, delay: () => upTo(20) },
    );
    result.publish?.();
    return { eventId, outcome: result.outcome };
  }

  private async act(m: EntityManager, type: string, payout: RazorpayxPayout | undefined): Promise<{ outcome: string; publish?: () => void }> {
    if (!type.startsWith('payout.')) return { outcome: 'ignored' };
    if (!payout || typeof payout.id !== 'string' || !payout.id) return { outcome: 'ignored:no-payout' };
    const byRef = typeof payout.reference_id === 'string' && isUuid(payout.reference_id) ? payout.reference_id : null;
    // Locked: a webhook and the payout job (or two webhooks) acting on one withdrawal take turns.
    const w = await this.withdrawals.lockForPayout(m, payout.id, byRef);
    if (!w) return { outcome: 'ignored:unknown-payout' };
    if (w.payout_provider && w.payout_provider !== 'razorpayx') return { outcome: `refused:${w.payout_provider}-payout` };
    if (w.provider_reference && w.provider_reference !== payout.id) {
      this.logger.warn(`webhook payout ${payout.id} names withdrawal ${w.id}, which RazorpayX paid as ${w.provider_reference}`);
      return { outcome: 'refused:other-payout' };
    }
    if (typeof payout.amount !== 'number' || BigInt(Math.round(payout.amount)) !== BigInt(w.net_amount)) {
      this.logger.warn(`webhook payout ${payout.id} amount ${payout.amount} does not match withdrawal ${w.id} (${w.net_amount})`);
      return { outcome: 'refused:amount-mismatch' };
    }
    // The event names the state; the entity's status agrees with it (a payout.reversed carries status reversed).
    const status = type === 'payout.updated' ? String(payout.status ?? '') : type.slice('payout.'.length);
    const result = payoutOutcome({ ...payout, status: status === 'initiated' ? 'processing' : status });

    if ('pending' in result) {
      if (w.status !== 'PENDING') return { outcome: `ignored:${w.status.toLowerCase()}` };
      await this.withdrawals.noteWebhookPending(m, w.id, payout.id, result.providerStatus.slice(0, 32));
      return { outcome: `noted:${result.providerStatus}`.slice(0, 64) };
    }
    if (w.status === 'PENDING') {
      const settled = await this.withdrawals.settleIn(m, w, result);
      return { outcome: settled.changed ? (result.ok ? 'paid' : 'refunded') : 'already-settled', publish: settled.publish };
    }
    if (w.status === 'SUCCESS') {
      if (status === 'reversed') {
        const why = `Payout reversed after it was processed: ${payout.status_details?.description || payout.failure_reason || 'returned by the beneficiary bank'}`;
        const reversed = await this.withdrawals.reverseIn(m, w, why);
        return { outcome: reversed.changed ? 'refunded:after-paid' : 'already-refunded', publish: reversed.publish };
      }
      if (result.ok) return { outcome: 'already-paid' };
      this.logger.error(
        `RazorpayX reports payout ${payout.id} ${status} after it was processed (withdrawal ${w.id}): not a documented transition, left as paid`,
      );
      return { outcome: `conflict:${status}-after-paid`.slice(0, 64) };
    }
    // FAILED: refunded already (voided, or returned after it was paid)
    if (!result.ok) return { outcome: 'already-refunded' };
    if (w.reversed_at) return { outcome: 'ignored:already-reversed' }; // a late processed after the reversal
    // RazorpayX says paid after we refunded: money went out twice. Never silent.
    this.logger.error(`RazorpayX reports payout ${payout.id} processed, but withdrawal ${w.id} was already refunded: reconcile by hand`);
    return { outcome: 'conflict:processed-after-refund' };
  }
}
