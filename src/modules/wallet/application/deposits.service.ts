import { Inject, Injectable, Logger } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { GetAdultStatusQuery } from '../../identity/queries/get-adult-status/get-adult-status.query.js';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { AppConfig } from '../../../config/app-config.js';
import { Clock } from '../../../common/clock.js';
import { DomainError } from '../../../common/errors/domain-error.js';
import { toRupees } from '../../../common/money.js';
import { TransactionalEvents } from '../../../common/transactional-events.js';
import { retry, upTo } from '../../../common/retry.js';
import { checkAmount, DEPOSIT_RULE } from '../domain/amounts.js';
import { depositEntry } from '../domain/entries.js';
import { verifyPaymentSignature, verifyWebhookSignature } from '../domain/signatures.js';
import { isRetryableLedgerError, LedgerService } from '../infrastructure/ledger.service.js';
import { PaymentProvider } from '../infrastructure/payments/payment-provider.js';
import { SandboxPaymentProvider } from '../infrastructure/payments/sandbox-payment.provider.js';
import { DepositCredited } from '../events/deposit-credited.event.js';
import { DepositErrors } from '../wallet.errors.js';
import { creditTarget } from './credit-target.js';

interface DepositRow {
  id: string;
  user_id: string;
  amount: string;
  order_id: string;
  payment_id: string | null;
  status: 'PENDING' | 'SUCCESS' | 'FAILED';
}

export interface CreditOutcome {
  credited: boolean;
  deposit: DepositRow;
  /** Publishes the ledger event; call it after the transaction commits. */
  publish?: () => void;
}

/**
 * Deposits: the server creates and stores the order; confirmation (checkout signature, a provider lookup, or the
 * webhook) always uses the stored order's owner and amount, and credits once (`deposit:{orderId}`).
 */
@Injectable()
export class DepositsService {
  private readonly logger = new Logger('Deposits');

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(PaymentProvider) private readonly provider: PaymentProvider,
    @Inject(LedgerService) private readonly ledger: LedgerService,
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(SandboxPaymentProvider) private readonly sandbox: SandboxPaymentProvider,
    @Inject(TransactionalEvents) private readonly events: TransactionalEvents,
  ) {}

  async create(userId: string, amount: unknown) {
    const checked = checkAmount(amount, DEPOSIT_RULE);
    if ('error' in checked) throw new DomainError('WALLET.INVALID_AMOUNT', 'INVALID', checked.error);
    // Money needs an adult on file (identity answers: a date of birth showing 18 or over).
    if (!(await this.queryBus.execute(new GetAdultStatusQuery(userId)))?.adult) throw DepositErrors.adultRequired();
    const id = randomUUID();
    const { orderId } = await this.provider.createOrder({ amount: checked.paise, receipt: id, notes: { transactionId: id, userId } });
    const now = this.clock.now();
    await this.ds.query(
      `INSERT INTO deposits (id, user_id, amount, provider, order_id, status, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, 'PENDING', $6, $6)`,
      [id, userId, checked.paise.toString(), this.provider.name, orderId, now],
    );
    return { orderId, amount: toRupees(checked.paise), transactionId: id, currency: 'INR', keyId: this.config.razorpayKeyId };
  }

  /** The browser's confirmation after checkout: signature if it has one, else ask the provider. */
  async verify(userId: string, orderId: string, paymentId: string, signature?: string) {
    const deposit = await this.findOwned(userId, orderId);
    if (deposit.status === 'SUCCESS') {
      if (deposit.payment_id !== paymentId) throw DepositErrors.notConfirmed();
      return this.answer(deposit, false);
    }
    if (signature !== undefined && signature !== '') {
      if (!verifyPaymentSignature(orderId, paymentId, signature, this.config.razorpayKeySecret)) throw DepositErrors.badSignature();
    } else {
      const payment = await this.provider.fetchPayment(paymentId);
      if (!payment || payment.status !== 'captured' || payment.orderId !== orderId || payment.amount !== BigInt(deposit.amount)) {
        throw DepositErrors.notConfirmed();
      }
    }
    const outcome = await this.credit(orderId, paymentId, signature ? 'signature' : 'provider');
    if (outcome.deposit.payment_id !== paymentId) throw DepositErrors.notConfirmed();
    return this.answer(outcome.deposit, outcome.credited);
  }

  /** Razorpay's webhook: signature over the raw body; the event recorded before (and with) acting; replays are no-ops. */
  async webhook(rawBody: Buffer | undefined, signature: string | undefined, eventIdHeader: string | undefined) {
    if (!rawBody || !signature || !verifyWebhookSignature(rawBody, signature, this.config.razorpayWebhookSecret)) throw DepositErrors.badWebhookSignature();
    let event: { id?: string; event?: string; payload?: { payment?: { entity?: { id?: string; order_id?: string; amount?: number; status?: string } } } };
    try {
      event = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new DomainError('WALLET.BAD_WEBHOOK', 'INVALID', 'Malformed webhook body');
    }
    // A signed body that is valid JSON but not an event object (null, [], a number, a string) is refused, not a 500.
    if (!isObject(event)) throw new DomainError('WALLET.BAD_WEBHOOK', 'INVALID', 'Malformed webhook body: expected a JSON object');
    const entity = isObject(event.payload) && isObject(event.payload.payment) ? event.payload.payment.entity : undefined;
    const payment = isObject(entity) && typeof entity.id === 'string' && typeof entity.order_id === 'string' ? entity : undefined;
    const type = (typeof event.event === 'string' ? event.event : 'unknown').slice(0, 64);
    const eventId = String(eventIdHeader || (typeof event.id === 'string' && event.id) || `${type}:${payment?.id ?? 'none'}`).slice(0, 128);

    const result = await this.withRetry(() =>
      this.ds.transaction(async (m) => {
        const recorded = (await m.query(
          `INSERT INTO webhook_events (provider, event_id, event_type, payload, received_at) VALUES ('razorpay', $1, $2, $3::jsonb, $4)
           ON CONFLICT DO NOTHING RETURNING event_id`,
          [eventId, type, rawBody.toString('utf8'), this.clock.now()],
        )) as unknown[];
        if (!recorded.length) return { eventId, outcome: 'duplicate' };
        const acted = await this.actOnWebhook(m, type, payment);
        await m.query(`UPDATE webhook_events SET outcome = $1 WHERE provider = 'razorpay' AND event_id = $2`, [acted.outcome, eventId]);
        return { eventId, ...acted };
      }),
    );
    result.publish?.();
    return { eventId: result.eventId, outcome: result.outcome };
  }

  /** The sandbox's stand-in for Razorpay's checkout (sandbox mode only). */
  async sandboxCheckout(userId: string, orderId: string) {
    if (this.config.paymentsProvider !== 'sandbox') throw DepositErrors.sandboxOnly();
    const deposit = await this.findOwned(userId, orderId);
    return this.sandbox.checkout(orderId, BigInt(deposit.amount));
  }

  private async actOnWebhook(
    m: EntityManager,
    type: string,
    payment?: { id?: string; order_id?: string; amount?: number; status?: string },
  ): Promise<{ outcome: string; publish?: () => void }> {
    if (type !== 'payment.captured') return { outcome: 'ignored' };
    if (!payment?.id || !payment.order_id) return { outcome: 'ignored:no-payment' };
    const [deposit] = (await m.query(`SELECT id, user_id, amount::text, order_id, payment_id, status FROM deposits WHERE order_id = $1`, [payment.order_id])) as DepositRow[];
    if (!deposit) return { outcome: 'ignored:unknown-order' };
    if (typeof payment.amount !== 'number' || BigInt(Math.round(payment.amount)) !== BigInt(deposit.amount)) {
      this.logger.warn(`webhook payment ${payment.id} amount ${payment.amount} does not match order ${deposit.order_id} (${deposit.amount})`);
      return { outcome: 'refused:amount-mismatch' };
    }
    const credit = await this.creditIn(m, deposit.order_id, payment.id, 'webhook');
    return { outcome: credit.credited ? 'credited' : 'already-credited', publish: credit.publish };
  }

  private async credit(orderId: string, paymentId: string, via: string): Promise<CreditOutcome> {
    const outcome = await this.withRetry(() => this.ds.transaction((m) => this.creditIn(m, orderId, paymentId, via)));
    outcome.publish?.();
    return outcome;
  }

  /** PENDING → SUCCESS guarded by the row's status, then the journal entry and DepositCredited (its notice), one transaction. */
  private async creditIn(m: EntityManager, orderId: string, paymentId: string, via: string): Promise<CreditOutcome> {
    const [updated] = (await m.query(
      `UPDATE deposits SET status = 'SUCCESS', payment_id = $2, confirmed_by = $3, updated_at = $4 WHERE order_id = $1 AND status = 'PENDING'
       RETURNING id, user_id, amount::text, order_id, payment_id, status`,
      [orderId, paymentId, via, this.clock.now()],
    )) as [DepositRow[], number];
    const row = Array.isArray(updated) ? (updated as DepositRow[])[0] : undefined;
    if (!row) {
      const [current] = (await m.query(`SELECT id, user_id, amount::text, order_id, payment_id, status FROM deposits WHERE order_id = $1`, [orderId])) as DepositRow[];
      return { credited: false, deposit: current };
    }
    const amount = BigInt(row.amount);
    const target = await creditTarget(this.queryBus, m, row.user_id);
    const entry = depositEntry({ userId: row.user_id, orderId, paymentId, amount, provider: this.provider.name, via, to: target.account });
    const posted = await this.ledger.post(entry, m);
    await m.query(`UPDATE deposits SET entry_id = $1 WHERE id = $2`, [posted.entryId, row.id]);
    if (target.closed) {
      this.logger.warn(`deposit ${orderId} arrived for closed account ${row.user_id}: held in ${target.account} for support`);
      return { credited: true, deposit: row, publish: () => this.ledger.publish(posted.entryId, entry) };
    }
    await this.events.publish(new DepositCredited({ id: row.id, userId: row.user_id, orderId, paymentId, amount }, m));
    return { credited: true, deposit: row, publish: () => this.ledger.publish(posted.entryId, entry) };
  }

  private withRetry<T>(fn: () => Promise<T>): Promise<T> {
    return retry(fn, { attempts: 10, retryable: isRetryableLedgerError, delay: () => upTo(20) });
  }

  private async findOwned(userId: string, orderId: string): Promise<DepositRow> {
    const [d] = (await this.ds.query(`SELECT id, user_id, amount::text, order_id, payment_id, status FROM deposits WHERE order_id = $1`, [orderId])) as DepositRow[];
    if (!d || d.user_id !== userId) throw DepositErrors.orderNotFound();
    return d;
  }

  private async answer(d: DepositRow, credited: boolean) {
    const [b] = (await this.ds.query(`SELECT balance::text FROM account_balances WHERE account = $1`, [`user:${d.user_id}:wallet`])) as { balance: string }[];
    return {
      success: true as const,
      message: credited ? 'Payment verified successfully' : 'Payment already verified',
      data: { orderId: d.order_id, paymentId: d.payment_id, transactionId: d.id, amount: toRupees(BigInt(d.amount)), status: d.status, balance: toRupees(BigInt(b?.balance ?? '0')) },
    };
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
