import { Inject, Injectable, Logger } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { InjectQueue } from '@nestjs/bullmq';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import type { DataSource, EntityManager } from 'typeorm';
import { Clock } from '../../../common/clock.js';
import { TransactionalEvents } from '../../../common/transactional-events.js';
import { retry, upTo } from '../../../common/retry.js';
import { GetUserQuery } from '../../identity/queries/get-user/get-user.query.js';
import { withdrawalPaidEntry, withdrawalVoidEntry } from '../domain/entries.js';
import { checkWithdrawal } from '../domain/withdrawal-rules.js';
import { isRetryableLedgerError, LedgerService } from '../infrastructure/ledger.service.js';
import { PayoutProvider, PayoutResult } from '../infrastructure/payouts/payout-provider.js';
import { withdrawalReturnedEntry } from '../domain/payout-entries.js';
import { creditTarget } from './credit-target.js';
import { PAYOUT_JOB, PAYOUTS_QUEUE } from '../jobs/payouts.processor.js';
import { SettledWithdrawal, WithdrawalFailed, WithdrawalPaid, WithdrawalReturned } from '../events/withdrawal-settled.events.js';
import { ResolvePayoutMethodQuery, WithdrawalRequest } from '../queries/resolve-payout-method/resolve-payout-method.query.js';
import { readBalances } from '../queries/get-balances/get-balances.handler.js';

export interface WithdrawalRow {
  id: string;
  user_id: string;
  amount: string;
  fee: string;
  net_amount: string;
  method: 'UPI' | 'BANK_TRANSFER';
  upi_id: string | null;
  bank_account_number: string | null;
  ifsc_code: string | null;
  account_holder_name: string | null;
  bank_name: string | null;
  status: 'PENDING' | 'SUCCESS' | 'FAILED';
  payout_provider: string | null;
  provider_reference: string | null;
  provider_status: string | null;
  reversed_at: Date | null;
}

const settled = (w: WithdrawalRow): SettledWithdrawal => ({ id: w.id, userId: w.user_id, amount: BigInt(w.amount), netAmount: BigInt(w.net_amount), method: w.method });

/** A payout's final word: paid, or refused/returned before it was paid. */
export type SettledPayout = Exclude<PayoutResult, { pending: true }>;

/** How long a request waits for Redis to take a payout job (enqueue here; the poll ProcessPayoutHandler schedules). */
export const ENQUEUE_WAIT_MS = 2_000;

/** A withdrawal row's columns as WithdrawalRow reads them. */
export const WITHDRAWAL_COLUMNS = `id, user_id, amount::text, fee::text, net_amount::text, method, upi_id, bank_account_number, ifsc_code, account_holder_name, bank_name, status, payout_provider, provider_reference, provider_status, reversed_at`;

/**
 * Two-phase withdrawals: the request (RequestWithdrawalCommand) holds the amount in payout clearing; the payout job
 * (ProcessPayoutCommand) settles or voids it. What the withdrawal commands, the payout job, the payout webhook and manual
 * payouts share.
 */
@Injectable()
export class WithdrawalsService {
  private readonly logger = new Logger('Withdrawals');

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(LedgerService) private readonly ledger: LedgerService,
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(TransactionalEvents) private readonly events: TransactionalEvents,
    @Inject(PayoutProvider) private readonly payouts: PayoutProvider,
    @InjectQueue(PAYOUTS_QUEUE) private readonly queue: Queue,
  ) {}

  /** Ends a PENDING withdrawal with the payout's final word, once: paid → posted out; refused → the hold voided back in full. */
  async settle(w: WithdrawalRow, result: SettledPayout, how: { markedBy?: string } = {}): Promise<{ status: 'SUCCESS' | 'FAILED' | 'PENDING'; changed: boolean }> {
    return retry(
      async () => {
        const outcome = await this.ds.transaction((m) => this.settleIn(m, w, result, how));
        if (!outcome.changed) {
          const now = await this.find(w.id);
          return { status: now!.status, changed: false };
        }
        outcome.publish?.();
        return { status: outcome.status, changed: true };
      },
      { attempts: 20, retryable: isRetryableLedgerError, delay: () => upTo(20) },
    );
  }

  /** settle() inside the caller's transaction (a webhook records its event in the same one); call publish after commit. */
  async settleIn(m: EntityManager, w: WithdrawalRow, result: SettledPayout, how: { markedBy?: string } = {}): Promise<{ changed: boolean; status: 'SUCCESS' | 'FAILED'; publish?: () => void }> {
    const amount = BigInt(w.amount);
    const status = result.ok ? 'SUCCESS' : 'FAILED';
    const entry = result.ok
      ? withdrawalPaidEntry({ id: w.id, amount, fee: BigInt(w.fee), payoutReference: result.reference })
      : withdrawalVoidEntry({ id: w.id, userId: w.user_id, amount, why: result.reason, to: (await creditTarget(this.queryBus, m, w.user_id)).account });
    const [rows] = (await m.query(
      `UPDATE withdrawals SET status = $2, failure_reason = $3, provider_reference = coalesce($4, provider_reference), updated_at = $5, completed_at = $5,
              payout_provider = coalesce(payout_provider, $6), provider_status = coalesce($7, provider_status), marked_by = $8
        WHERE id = $1 AND status = 'PENDING' RETURNING id`,
      [
        w.id, status, result.ok ? null : result.reason.slice(0, 200), result.reference?.slice(0, 100) ?? null, this.clock.now(),
        this.payouts.name, result.providerStatus?.slice(0, 32) ?? null, how.markedBy ?? null,
      ],
    )) as [unknown[], number];
    if (!rows.length) return { changed: false, status };
    const posted = await this.ledger.post(entry, m);
    await m.query(`UPDATE withdrawals SET settle_entry_id = $1 WHERE id = $2`, [posted.entryId, w.id]);
    await this.events.publish(result.ok ? new WithdrawalPaid(settled(w), m) : new WithdrawalFailed(settled(w), m));
    return { changed: true, status, publish: () => this.ledger.publish(posted.entryId, entry) };
  }

  /**
   * A paid withdrawal the bank returned afterwards (RazorpayX payout.reversed after processed): a reversing entry gives
   * the whole amount back (the paid entry stays); the withdrawal becomes FAILED. Once: a second call changes nothing.
   */
  async reverseIn(m: EntityManager, w: WithdrawalRow, why: string): Promise<{ changed: boolean; publish?: () => void }> {
    const amount = BigInt(w.amount);
    // The owner's row is locked before the withdrawal's, in the order an account closure takes them (no deadlock).
    const to = (await creditTarget(this.queryBus, m, w.user_id)).account;
    const [rows] = (await m.query(
      `UPDATE withdrawals SET status = 'FAILED', failure_reason = $2, provider_status = 'reversed', reversed_at = $3, updated_at = $3
        WHERE id = $1 AND status = 'SUCCESS' AND reversed_at IS NULL RETURNING id`,
      [w.id, why.slice(0, 200), this.clock.now()],
    )) as [unknown[], number];
    if (!rows.length) return { changed: false };
    const entry = withdrawalReturnedEntry({ id: w.id, userId: w.user_id, amount, fee: BigInt(w.fee), why, to });
    const posted = await this.ledger.post(entry, m);
    await m.query(`UPDATE withdrawals SET reverse_entry_id = $1 WHERE id = $2`, [posted.entryId, w.id]);
    await this.events.publish(new WithdrawalReturned(settled(w), m));
    return { changed: true, publish: () => this.ledger.publish(posted.entryId, entry) };
  }

  async find(id: string): Promise<WithdrawalRow | null> {
    const rows = (await this.ds.query(`SELECT ${WITHDRAWAL_COLUMNS} FROM withdrawals WHERE id = $1`, [id])) as WithdrawalRow[];
    return rows[0] ?? null;
  }

  /** Queues the payout job of a withdrawal (the job id deduplicates); waits for Redis at most ENQUEUE_WAIT_MS. */
  async enqueue(id: string): Promise<void> {
    try {
      // With Redis down, ioredis keeps the command in its offline queue (sent when Redis is back): the request does not
      // wait for that longer than ENQUEUE_WAIT_MS. The hold is committed either way; the job id deduplicates.
      const added = this.queue.add(PAYOUT_JOB, { withdrawalId: id }, { jobId: `payout-${id}`, attempts: 5, backoff: { type: 'exponential', delay: 5_000 }, removeOnComplete: 1000, removeOnFail: 5000 });
      added.catch(() => undefined);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([added, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('Redis did not answer in time')), ENQUEUE_WAIT_MS)))]).finally(() => clearTimeout(timer));
    } catch (e) {
      // The hold stays PENDING; requeuePending() picks it up when the worker starts.
      this.logger.error(`could not enqueue payout ${id}: ${(e as Error).message}`);
    }
  }

  /** Re-enqueues PENDING withdrawals (jobs are deduplicated by id), e.g. after Redis was down at request time. */
  async requeuePending(): Promise<number> {
    const rows = (await this.ds.query(`SELECT id FROM withdrawals WHERE status = 'PENDING' ORDER BY created_at LIMIT 1000`)) as { id: string }[];
    for (const r of rows) await this.enqueue(r.id);
    return rows.length;
  }

  /** The withdrawal rules over a request (a saved method resolved), the balance and the email check: errors, fee, net. */
  async check(userId: string, request: WithdrawalRequest, detailsRequired = true) {
    // A saved payout method (payoutMethodId) stands for the details it holds; they are checked like typed ones.
    const input = await this.queryBus.execute(new ResolvePayoutMethodQuery(userId, request));
    const [user, balances] = await Promise.all([
      this.queryBus.execute(new GetUserQuery(userId)),
      readBalances(this.ds, [userId]),
    ]);
    return checkWithdrawal(input, balances.get(userId)!, !!user?.isEmailVerified, detailsRequired);
  }
}
