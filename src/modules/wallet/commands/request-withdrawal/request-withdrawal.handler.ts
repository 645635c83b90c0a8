import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { Clock } from '../../../../common/clock.js';
import { toRupees } from '../../../../common/money.js';
import { retry, upTo } from '../../../../common/retry.js';
import { GetUserQuery } from '../../../identity/queries/get-user/get-user.query.js';
import { withdrawalHoldEntry } from '../../domain/entries.js';
import { checkWithdrawal } from '../../domain/withdrawal-rules.js';
import { isRetryableLedgerError, LedgerService } from '../../infrastructure/ledger.service.js';
import { PayoutMethodRepository } from '../../infrastructure/payout-method.repository.js';
import { PayoutQueue } from '../../infrastructure/payout-queue.js';
import { WalletReadRepository } from '../../infrastructure/wallet-read.repository.js';
import { WithdrawalRepository } from '../../infrastructure/withdrawal.repository.js';
import { WalletErrors } from '../../wallet.errors.js';
import { RequestedWithdrawal, RequestWithdrawalCommand } from './request-withdrawal.command.js';

/** The withdrawal row and its hold entry commit together; the payout job is queued after (a lost enqueue is requeued at worker start). */
@CommandHandler(RequestWithdrawalCommand)
export class RequestWithdrawalHandler implements ICommandHandler<RequestWithdrawalCommand, RequestedWithdrawal> {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(LedgerService) private readonly ledger: LedgerService,
    @Inject(PayoutMethodRepository) private readonly payoutMethods: PayoutMethodRepository,
    @Inject(WalletReadRepository) private readonly reads: WalletReadRepository,
    @Inject(WithdrawalRepository) private readonly withdrawals: WithdrawalRepository,
    @Inject(PayoutQueue) private readonly queue: PayoutQueue,
  ) {}

  async execute({ userId, input }: RequestWithdrawalCommand): Promise<RequestedWithdrawal> {
    // A saved payout method (payoutMethodId) stands for the details it holds; they are checked like typed ones.
    const request = await this.payoutMethods.resolve(userId, input);
    const [user, balances] = await Promise.all([this.queryBus.execute(new GetUserQuery(userId)), this.reads.balances([userId])]);
    const c = checkWithdrawal(request, balances.get(userId)!, !!user?.isEmailVerified, true);
    if (c.errors.length || c.amount === null || c.method === null) {
      const insufficientOnly = c.errors.length === 1 && c.errors[0] === 'Insufficient balance';
      throw insufficientOnly ? WalletErrors.insufficientFunds() : WalletErrors.invalidWithdrawal(c.errors.join(', '));
    }
    const id = randomUUID();
    const entry = withdrawalHoldEntry({ id, userId, amount: c.amount, fee: c.fee, method: c.method });
    const entryId = await retry(
      () =>
        this.ds.transaction(async (m) => {
          const now = this.clock.now();
          await this.withdrawals.insert(m, { id, userId, amount: c.amount!, fee: c.fee, net: c.net, method: c.method!, upiId: c.upiId, bank: c.bank }, now);
          const posted = await this.ledger.post(entry, m);
          await this.withdrawals.setHoldEntry(m, id, posted.entryId);
          return posted.entryId;
        }),
      { attempts: 40, retryable: isRetryableLedgerError, delay: (attempt) => upTo(Math.min(2 ** attempt, 25)) },
    );
    this.ledger.publish(entryId, entry);
    await this.queue.enqueue(id);
    return {
      success: true as const,
      data: {
        transactionId: id,
        amount: toRupees(c.amount),
        processingFee: toRupees(c.fee),
        netAmount: toRupees(c.net),
        status: 'PENDING' as const,
        method: c.method,
      },
      message: 'Withdrawal request submitted successfully!',
    };
  }
}
