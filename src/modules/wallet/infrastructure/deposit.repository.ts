import { Inject, Injectable, Logger } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { Clock } from '../../../common/clock.js';
import { TransactionalEvents } from '../../../common/transactional-events.js';
import { retry, upTo } from '../../../common/retry.js';
import { LockAccountHolderQuery } from '../../identity/queries/lock-account-holder/lock-account-holder.query.js';
import { creditTargetOf } from '../domain/accounts.js';
import { depositEntry } from '../domain/entries.js';
import { DepositCredited } from '../events/deposit-credited.event.js';
import { DepositErrors } from '../wallet.errors.js';
import { isRetryableLedgerError, LedgerService } from './ledger.service.js';
import { PaymentProvider } from './payments/payment-provider.js';

export interface DepositRow {
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
 * deposits: the order the server stores before checkout, and its one credit path. Confirmation (checkout signature, a
 * provider lookup, or the webhook) always uses the stored order's owner and amount, and credits once (`deposit:{orderId}`):
 * the row and its ledger entry in one transaction.
 */
@Injectable()
export class DepositRepository {
  private readonly logger = new Logger('Deposits');

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(PaymentProvider) private readonly provider: PaymentProvider,
    @Inject(LedgerService) private readonly ledger: LedgerService,
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(TransactionalEvents) private readonly events: TransactionalEvents,
  ) {}

  /** A new PENDING order of the provider's. */
  async insertOrder(o: { id: string; userId: string; amount: bigint; orderId: string }, now: Date): Promise<void> {
    await this.ds.query(
      `INSERT INTO deposits (id, user_id, amount, provider, order_id, status, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, 'PENDING', $6, $6)`,
      [o.id, o.userId, o.amount.toString(), this.provider.name, o.orderId, now],
    );
  }

  /** The stored order of a provider's order id (in `m` when given). */
  async findByOrderId(orderId: string, m: EntityManager | DataSource = this.ds): Promise<DepositRow | undefined> {
    const [d] = (await m.query(`SELECT id, user_id, amount::text, order_id, payment_id, status FROM deposits WHERE order_id = $1`, [orderId])) as DepositRow[];
    return d;
  }

  /** The stored order, if it is this user's (anyone else's is "not found"). */
  async findOwned(userId: string, orderId: string): Promise<DepositRow> {
    const d = await this.findByOrderId(orderId);
    if (!d || d.user_id !== userId) throw DepositErrors.orderNotFound();
    return d;
  }

  /** Credits a confirmed order in its own transaction (retried on ledger conflicts), then publishes. */
  async credit(orderId: string, paymentId: string, via: string, signature?: string): Promise<CreditOutcome> {
    const outcome = await this.withRetry(() => this.ds.transaction((m) => this.creditIn(m, orderId, paymentId, via, signature)));
    outcome.publish?.();
    return outcome;
  }

  /** PENDING → SUCCESS guarded by the row's status, then the journal entry and DepositCredited (its notice), one transaction. */
  async creditIn(m: EntityManager, orderId: string, paymentId: string, via: string, signature?: string): Promise<CreditOutcome> {
    const [updated] = (await m.query(
      `UPDATE deposits SET status = 'SUCCESS', payment_id = $2, confirmed_by = $3, updated_at = $4 WHERE order_id = $1 AND status = 'PENDING'
       RETURNING id, user_id, amount::text, order_id, payment_id, status`,
      [orderId, paymentId, via, this.clock.now()],
    )) as [DepositRow[], number];
    const row = Array.isArray(updated) ? (updated as DepositRow[])[0] : undefined;
    if (!row) {
      const current = await this.findByOrderId(orderId, m);
      return { credited: false, deposit: current! };
    }
    const amount = BigInt(row.amount);
    // Where the money goes, asked of identity inside the crediting transaction (the user's row locked for share, so a
    // closure cannot slip in between): the wallet while the account is open, its suspense account once it is closed.
    const target = creditTargetOf(row.user_id, await this.queryBus.execute(new LockAccountHolderQuery(row.user_id, m)));
    const entry = depositEntry({ userId: row.user_id, orderId, paymentId, amount, provider: this.provider.name, via, to: target.account, signature });
    const posted = await this.ledger.post(entry, m);
    await m.query(`UPDATE deposits SET entry_id = $1 WHERE id = $2`, [posted.entryId, row.id]);
    if (target.closed) {
      this.logger.warn(`deposit ${orderId} arrived for closed account ${row.user_id}: held in ${target.account} for support`);
      return { credited: true, deposit: row, publish: () => this.ledger.publish(posted.entryId, entry) };
    }
    await this.events.publish(new DepositCredited({ id: row.id, userId: row.user_id, orderId, paymentId, amount }, m));
    return { credited: true, deposit: row, publish: () => this.ledger.publish(posted.entryId, entry) };
  }

  /** The retry every deposit transaction runs under (ledger serialization conflicts). */
  withRetry<T>(fn: () => Promise<T>): Promise<T> {
    return retry(fn, { attempts: 10, retryable: isRetryableLedgerError, delay: () => upTo(20) });
  }
}
