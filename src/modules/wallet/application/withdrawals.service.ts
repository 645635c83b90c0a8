import { Inject, Injectable, Logger } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { InjectQueue } from '@nestjs/bullmq';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { Clock } from '../../../common/clock.js';
import { DomainError } from '../../../common/errors/domain-error.js';
import { toRupees } from '../../../common/money.js';
import { TransactionalEvents } from '../../../common/transactional-events.js';
import { retry, upTo } from '../../../common/retry.js';
import { GetUserQuery } from '../../identity/queries/get-user/get-user.query.js';
import { userWallet } from '../domain/accounts.js';
import { withdrawalHoldEntry, withdrawalPaidEntry, withdrawalVoidEntry } from '../domain/entries.js';
import { checkWithdrawal } from '../domain/withdrawal-rules.js';
import { isRetryableLedgerError, LedgerService } from '../infrastructure/ledger.service.js';
import { PayoutProvider, PayoutResult } from '../infrastructure/payouts/payout-provider.js';
import { withdrawalReturnedEntry } from '../domain/payout-entries.js';
import { creditTarget } from './credit-target.js';
import { PAYOUT_JOB, PAYOUTS_QUEUE } from '../jobs/payouts.processor.js';
import { SettledWithdrawal, WithdrawalFailed, WithdrawalPaid, WithdrawalReturned } from '../events/withdrawal-settled.events.js';
import { WalletErrors } from '../wallet.errors.js';
import { ResolvePayoutMethodQuery, WithdrawalRequest } from '../queries/resolve-payout-method/resolve-payout-method.query.js';

interface WithdrawalRow {
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

const ENQUEUE_WAIT_MS = 2_000;
/** How long a payout the provider is still working on waits before the job asks for its state again. */
const PAYOUT_POLL_MS = 10 * 60_000;

const COLUMNS = `id, user_id, amount::text, fee::text, net_amount::text, method, upi_id, bank_account_number, ifsc_code, account_holder_name, bank_name, status, payout_provider, provider_reference, provider_status, reversed_at`;

/** Two-phase withdrawals: the request holds the amount in payout clearing; the payout job settles or voids it. */
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

  async validate(userId: string, input: WithdrawalRequest) {
    const checked = await this.check(userId, input, false);
    const valid = checked.errors.length === 0;
    return {
      success: true as const,
      data: { valid, errors: checked.errors, fee: toRupees(checked.fee), netAmount: toRupees(checked.net), method: checked.method },
      message: valid ? 'Withdrawal request is valid' : checked.errors.join(', '),
    };
  }

  async request(userId: string, input: WithdrawalRequest) {
    const c = await this.check(userId, input);
    if (c.errors.length || c.amount === null || c.method === null) {
      const insufficientOnly = c.errors.length === 1 && c.errors[0] === 'Insufficient balance';
      throw insufficientOnly ? WalletErrors.insufficientFunds() : new DomainError('WALLET.INVALID_WITHDRAWAL', 'INVALID', c.errors.join(', '));
    }
    const id = randomUUID();
    const entry = withdrawalHoldEntry({ id, userId, amount: c.amount, fee: c.fee, method: c.method });
    const entryId = await retry(
      () =>
        this.ds.transaction(async (m) => {
          const now = this.clock.now();
          await m.query(
            `INSERT INTO withdrawals (id, user_id, amount, fee, net_amount, method, upi_id, bank_account_number, bank_account_last4, ifsc_code, account_holder_name, bank_name, status, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'PENDING', $13, $13)`,
            [
              id, userId, c.amount!.toString(), c.fee.toString(), c.net.toString(), c.method, c.upiId, c.bank?.accountNumber ?? null,
              c.bank ? c.bank.accountNumber.slice(-4) : null, c.bank?.ifscCode ?? null, c.bank?.accountHolderName ?? null, c.bank?.bankName ?? null, now,
            ],
          );
          const posted = await this.ledger.post(entry, m);
          await m.query(`UPDATE withdrawals SET hold_entry_id = $1 WHERE id = $2`, [posted.entryId, id]);
          return posted.entryId;
        }),
      { attempts: 40, retryable: isRetryableLedgerError, delay: (attempt) => upTo(Math.min(2 ** attempt, 25)) },
    );
    this.ledger.publish(entryId, entry);
    await this.enqueue(id);
    return {
      success: true as const,
      data: { transactionId: id, amount: toRupees(c.amount), processingFee: toRupees(c.fee), netAmount: toRupees(c.net), status: 'PENDING' as const, method: c.method },
      message: 'Withdrawal request submitted successfully!',
    };
  }

  /** Runs the payout once: a second run (or a concurrent one) finds the withdrawal no longer PENDING and changes nothing. */
  async processPayout(withdrawalId: string): Promise<{ status: 'SUCCESS' | 'FAILED' | 'PENDING'; changed: boolean }> {
    const w = await this.find(withdrawalId);
    if (!w) throw WalletErrors.notFound('Withdrawal');
    if (w.status !== 'PENDING') return { status: w.status, changed: false };
    // A payout another provider took (a manual one awaiting staff, or a RazorpayX one, before PAYOUTS_PROVIDER changed)
    // is left to it: paying it here too could pay twice.
    if (w.payout_provider && w.payout_provider !== this.payouts.name) {
      this.logger.warn(`payout ${w.id} belongs to ${w.payout_provider}, not ${this.payouts.name}: left pending`);
      return { status: 'PENDING', changed: false };
    }
    const user = w.method === 'UPI' && this.payouts.name !== 'sandbox' ? await this.queryBus.execute(new GetUserQuery(w.user_id)) : null;
    if (this.payouts.name === 'razorpayx' && !w.provider_reference && w.provider_status === null) {
      // Before the first request: the payout is this provider's from now on (a payout may exist even if no answer
      // comes back), and a later run knows an earlier one may have made it.
      await this.ds.query(
        `UPDATE withdrawals SET payout_provider = $2, provider_status = 'requesting', updated_at = $3 WHERE id = $1 AND status = 'PENDING' AND provider_status IS NULL`,
        [w.id, this.payouts.name, this.clock.now()],
      );
    }
    const result = await this.payouts.pay({
      withdrawalId: w.id,
      userId: w.user_id,
      amount: BigInt(w.net_amount),
      method: w.method,
      upiId: w.upi_id,
      bank: w.bank_account_number
        ? { accountNumber: w.bank_account_number, ifscCode: w.ifsc_code ?? '', accountHolderName: w.account_holder_name ?? '', bankName: w.bank_name ?? '' }
        : null,
      contactName: w.account_holder_name || user?.fullName || 'WakeStake user',
      providerReference: w.provider_reference,
      earlierAttempt: w.provider_status !== null,
    });
    if ('pending' in result) {
      // Not ended yet (the provider is working on it, or staff pay it): remember who has it; a webhook, a staff mark or
      // a later run ends it.
      await this.ds.query(
        `UPDATE withdrawals SET payout_provider = $2, provider_status = $3, provider_reference = coalesce($4, provider_reference), updated_at = $5
          WHERE id = $1 AND status = 'PENDING'`,
        [w.id, this.payouts.name, result.providerStatus.slice(0, 32), result.reference?.slice(0, 100) ?? null, this.clock.now()],
      );
      // A provider that pays by itself is asked again later, in case its webhook never comes (staff end manual ones).
      if (this.payouts.name !== 'manual') await this.schedulePoll(w.id);
      return { status: 'PENDING', changed: false };
    }
    return this.settle(w, result);
  }

  /** One delayed re-run of the payout job per PAYOUT_POLL_MS window (the job id deduplicates within the window). */
  private async schedulePoll(id: string): Promise<void> {
    const bucket = Math.floor(this.clock.now().getTime() / PAYOUT_POLL_MS);
    const added = this.queue.add(PAYOUT_JOB, { withdrawalId: id }, { jobId: `payout-${id}-poll-${bucket}`, delay: PAYOUT_POLL_MS, attempts: 5, backoff: { type: 'exponential', delay: 5_000 }, removeOnComplete: 1000, removeOnFail: 5000 });
    added.catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([added, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('Redis did not answer in time')), ENQUEUE_WAIT_MS)))]);
    } catch (e) {
      this.logger.warn(`could not schedule a status check of payout ${id}: ${(e as Error).message}`);
    } finally {
      clearTimeout(timer);
    }
  }

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
    const rows = (await this.ds.query(`SELECT ${COLUMNS} FROM withdrawals WHERE id = $1`, [id])) as WithdrawalRow[];
    return rows[0] ?? null;
  }

  private async enqueue(id: string): Promise<void> {
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

  private async check(userId: string, request: WithdrawalRequest, detailsRequired = true) {
    // A saved payout method (payoutMethodId) stands for the details it holds; they are checked like typed ones.
    const input = await this.queryBus.execute(new ResolvePayoutMethodQuery(userId, request));
    const [user, balance] = await Promise.all([
      this.queryBus.execute(new GetUserQuery(userId)),
      this.ds.query(`SELECT balance::text FROM account_balances WHERE account = $1`, [userWallet(userId)]) as Promise<{ balance: string }[]>,
    ]);
    return checkWithdrawal(input, BigInt(balance[0]?.balance ?? '0'), !!user?.isEmailVerified, detailsRequired);
  }
}
