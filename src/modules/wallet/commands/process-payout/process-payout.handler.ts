import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { Clock } from '../../../../common/clock.js';
import { GetUserQuery } from '../../../identity/queries/get-user/get-user.query.js';
import { PayoutQueue } from '../../infrastructure/payout-queue.js';
import { PayoutProvider } from '../../infrastructure/payouts/payout-provider.js';
import { WithdrawalRepository } from '../../infrastructure/withdrawal.repository.js';
import { WalletErrors } from '../../wallet.errors.js';
import { ProcessPayoutCommand } from './process-payout.command.js';

type ProcessPayoutResult = { status: 'SUCCESS' | 'FAILED' | 'PENDING'; changed: boolean };

/** Runs the payout once: a second run (or a concurrent one) finds the withdrawal no longer PENDING and changes nothing. */
@CommandHandler(ProcessPayoutCommand)
export class ProcessPayoutHandler implements ICommandHandler<ProcessPayoutCommand, ProcessPayoutResult> {
  private readonly logger = new Logger('Withdrawals');

  constructor(
    @Inject(Clock) private readonly clock: Clock,
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(PayoutProvider) private readonly payouts: PayoutProvider,
    @Inject(WithdrawalRepository) private readonly withdrawals: WithdrawalRepository,
    @Inject(PayoutQueue) private readonly queue: PayoutQueue,
  ) {}

  async execute({ withdrawalId }: ProcessPayoutCommand): Promise<ProcessPayoutResult> {
    const w = await this.withdrawals.find(withdrawalId);
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
      await this.withdrawals.claimForProvider(w.id, this.payouts.name);
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
      await this.withdrawals.notePending(w.id, this.payouts.name, result.providerStatus.slice(0, 32), result.reference?.slice(0, 100) ?? null);
      // A provider that pays by itself is asked again later, in case its webhook never comes (staff end manual ones).
      if (this.payouts.name !== 'manual') await this.queue.schedulePoll(w.id, this.clock.now());
      return { status: 'PENDING', changed: false };
    }
    return this.withdrawals.settle(w, result);
  }
}
