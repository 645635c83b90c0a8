import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { InjectQueue } from '@nestjs/bullmq';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import type { DataSource } from 'typeorm';
import { Clock } from '../../../../common/clock.js';
import { GetUserQuery } from '../../../identity/queries/get-user/get-user.query.js';
import { ENQUEUE_WAIT_MS, WithdrawalsService } from '../../application/withdrawals.service.js';
import { PayoutProvider } from '../../infrastructure/payouts/payout-provider.js';
import { PAYOUT_JOB, PAYOUTS_QUEUE } from '../../jobs/payouts.processor.js';
import { WalletErrors } from '../../wallet.errors.js';
import { ProcessPayoutCommand } from './process-payout.command.js';

/** How long a payout the provider is still working on waits before the job asks for its state again. */
const PAYOUT_POLL_MS = 10 * 60_000;

type ProcessPayoutResult = { status: 'SUCCESS' | 'FAILED' | 'PENDING'; changed: boolean };

/** Runs the payout once: a second run (or a concurrent one) finds the withdrawal no longer PENDING and changes nothing. */
@CommandHandler(ProcessPayoutCommand)
export class ProcessPayoutHandler implements ICommandHandler<ProcessPayoutCommand, ProcessPayoutResult> {
  private readonly logger = new Logger('Withdrawals');

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(PayoutProvider) private readonly payouts: PayoutProvider,
    @Inject(WithdrawalsService) private readonly withdrawals: WithdrawalsService,
    @InjectQueue(PAYOUTS_QUEUE) private readonly queue: Queue,
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
    return this.withdrawals.settle(w, result);
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
}
