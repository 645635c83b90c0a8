import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { InjectQueue } from '@nestjs/bullmq';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { Clock } from '../../../common/clock.js';
import { DomainError } from '../../../common/errors/domain-error.js';
import { formatInr, toRupees } from '../../../common/money.js';
import { GetUserQuery } from '../../identity/queries/get-user/get-user.query.js';
import { userWallet } from '../domain/accounts.js';
import { withdrawalHoldEntry, withdrawalPaidEntry, withdrawalVoidEntry } from '../domain/entries.js';
import { checkWithdrawal, WithdrawalInput } from '../domain/withdrawal-rules.js';
import { isRetryableLedgerError, LedgerService } from '../infrastructure/ledger.service.js';
import { PayoutProvider } from '../infrastructure/payouts/payout-provider.js';
import { PAYOUT_JOB, PAYOUTS_QUEUE } from '../jobs/payouts.processor.js';
import { CreateNotificationCommand } from '../commands/create-notification/create-notification.command.js';
import { WalletErrors } from '../wallet.errors.js';

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
}

const ENQUEUE_WAIT_MS = 2_000;

const COLUMNS = `id, user_id, amount::text, fee::text, net_amount::text, method, upi_id, bank_account_number, ifsc_code, account_holder_name, bank_name, status`;

/** Two-phase withdrawals: the request holds the amount in payout clearing; the payout job settles or voids it. */
@Injectable()
export class WithdrawalsService {
  private readonly logger = new Logger('Withdrawals');

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(LedgerService) private readonly ledger: LedgerService,
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(PayoutProvider) private readonly payouts: PayoutProvider,
    @InjectQueue(PAYOUTS_QUEUE) private readonly queue: Queue,
  ) {}

  async validate(userId: string, input: WithdrawalInput) {
    const checked = await this.check(userId, input);
    const valid = checked.errors.length === 0;
    return {
      success: true as const,
      data: { valid, errors: checked.errors, fee: toRupees(checked.fee), netAmount: toRupees(checked.net), method: checked.method },
      message: valid ? 'Withdrawal request is valid' : checked.errors.join(', '),
    };
  }

  async request(userId: string, input: WithdrawalInput) {
    const c = await this.check(userId, input);
    if (c.errors.length || c.amount === null || c.method === null) {
      const insufficientOnly = c.errors.length === 1 && c.errors[0] === 'Insufficient balance';
      throw insufficientOnly ? WalletErrors.insufficientFunds() : new DomainError('WALLET.INVALID_WITHDRAWAL', 'INVALID', c.errors.join(', '));
    }
    const id = randomUUID();
    const entry = withdrawalHoldEntry({ id, userId, amount: c.amount, fee: c.fee, method: c.method });
    let entryId = '';
    for (let attempt = 1; ; attempt++) {
      try {
        entryId = await this.ds.transaction(async (m) => {
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
        });
        break;
      } catch (e) {
        if (!isRetryableLedgerError(e) || attempt >= 40) throw e;
        await new Promise((r) => setTimeout(r, Math.random() * Math.min(2 ** attempt, 25)));
      }
    }
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
    const result = await this.payouts.pay({
      withdrawalId: w.id,
      amount: BigInt(w.net_amount),
      method: w.method,
      upiId: w.upi_id,
      bank: w.bank_account_number
        ? { accountNumber: w.bank_account_number, ifscCode: w.ifsc_code ?? '', accountHolderName: w.account_holder_name ?? '', bankName: w.bank_name ?? '' }
        : null,
    });
    const amount = BigInt(w.amount);
    const entry = result.ok
      ? withdrawalPaidEntry({ id: w.id, amount, fee: BigInt(w.fee), payoutReference: result.reference })
      : withdrawalVoidEntry({ id: w.id, userId: w.user_id, amount, why: result.reason });
    for (let attempt = 1; ; attempt++) {
      try {
        const outcome = await this.ds.transaction(async (m) => {
          const [rows] = (await m.query(
            `UPDATE withdrawals SET status = $2, failure_reason = $3, provider_reference = $4, updated_at = $5, completed_at = $5
              WHERE id = $1 AND status = 'PENDING' RETURNING id`,
            [w.id, result.ok ? 'SUCCESS' : 'FAILED', result.ok ? null : result.reason.slice(0, 200), result.ok ? result.reference : null, this.clock.now()],
          )) as [unknown[], number];
          if (!rows.length) return null;
          const posted = await this.ledger.post(entry, m);
          await m.query(`UPDATE withdrawals SET settle_entry_id = $1 WHERE id = $2`, [posted.entryId, w.id]);
          await this.commandBus.execute(
            new CreateNotificationCommand({
              userId: w.user_id,
              type: result.ok ? 'WITHDRAWAL_PAID' : 'WITHDRAWAL_REVERSED',
              title: result.ok ? 'Withdrawal paid' : 'Withdrawal failed',
              message: result.ok
                ? `${formatInr(BigInt(w.net_amount))} was sent to your ${w.method === 'UPI' ? 'UPI id' : 'bank account'}.`
                : `Your withdrawal of ${formatInr(amount)} could not be paid and was returned to your wallet.`,
              data: { withdrawalId: w.id, amount: toRupees(amount), netAmount: toRupees(BigInt(w.net_amount)) },
              dedupeKey: `withdrawal:${w.id}:${result.ok ? 'paid' : 'reversed'}`,
              manager: m,
            }),
          );
          return posted.entryId;
        });
        if (outcome === null) {
          const now = await this.find(w.id);
          return { status: now!.status, changed: false };
        }
        this.ledger.publish(outcome, entry);
        return { status: result.ok ? 'SUCCESS' : 'FAILED', changed: true };
      } catch (e) {
        if (!isRetryableLedgerError(e) || attempt >= 20) throw e;
        await new Promise((r) => setTimeout(r, Math.random() * 20));
      }
    }
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

  private async check(userId: string, input: WithdrawalInput) {
    const [user, balance] = await Promise.all([
      this.queryBus.execute(new GetUserQuery(userId)),
      this.ds.query(`SELECT balance::text FROM account_balances WHERE account = $1`, [userWallet(userId)]) as Promise<{ balance: string }[]>,
    ]);
    return checkWithdrawal(input, BigInt(balance[0]?.balance ?? '0'), !!user?.isEmailVerified);
  }
}
