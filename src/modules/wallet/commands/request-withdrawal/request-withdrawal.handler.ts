import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { Clock } from '../../../../common/clock.js';
import { DomainError } from '../../../../common/errors/domain-error.js';
import { toRupees } from '../../../../common/money.js';
import { retry, upTo } from '../../../../common/retry.js';
import { withdrawalHoldEntry } from '../../domain/entries.js';
import { WithdrawalsService } from '../../application/withdrawals.service.js';
import { isRetryableLedgerError, LedgerService } from '../../infrastructure/ledger.service.js';
import { WalletErrors } from '../../wallet.errors.js';
import { RequestedWithdrawal, RequestWithdrawalCommand } from './request-withdrawal.command.js';

/** The withdrawal row and its hold entry commit together; the payout job is queued after (a lost enqueue is requeued at worker start). */
@CommandHandler(RequestWithdrawalCommand)
export class RequestWithdrawalHandler implements ICommandHandler<RequestWithdrawalCommand, RequestedWithdrawal> {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(LedgerService) private readonly ledger: LedgerService,
    @Inject(WithdrawalsService) private readonly withdrawals: WithdrawalsService,
  ) {}

  async execute({ userId, input }: RequestWithdrawalCommand): Promise<RequestedWithdrawal> {
    const c = await this.withdrawals.check(userId, input);
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
    await this.withdrawals.enqueue(id);
    return {
      success: true as const,
      data: { transactionId: id, amount: toRupees(c.amount), processingFee: toRupees(c.fee), netAmount: toRupees(c.net), status: 'PENDING' as const, method: c.method },
      message: 'Withdrawal request submitted successfully!',
    };
  }
}
