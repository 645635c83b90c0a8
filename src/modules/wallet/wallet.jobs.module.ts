import { Inject, Injectable, Logger, Module, OnApplicationBootstrap } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { WalletModule } from './wallet.module.js';
import { PAYOUTS_QUEUE, PayoutsProcessor } from './jobs/payouts.processor.js';
import { PayoutQueue } from './infrastructure/payout-queue.js';
import { WithdrawalRepository } from './infrastructure/withdrawal.repository.js';

/** Re-enqueues withdrawals left PENDING (e.g. Redis was down at request time); jobs are deduplicated by id. */
@Injectable()
class PayoutsRecovery implements OnApplicationBootstrap {
  constructor(
    @Inject(WithdrawalRepository) private readonly withdrawals: WithdrawalRepository,
    @Inject(PayoutQueue) private readonly queue: PayoutQueue,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const n = await this.requeuePending().catch(() => 0);
    if (n) new Logger('Payouts').log(`re-enqueued ${n} pending payouts`);
  }

  private async requeuePending(): Promise<number> {
    const ids = await this.withdrawals.pendingIds();
    for (const id of ids) await this.queue.enqueue(id);
    return ids.length;
  }
}

/** The wallet module's BullMQ processors and schedulers: loaded by the worker only. */
@Module({
  imports: [WalletModule, BullModule.registerQueue({ name: PAYOUTS_QUEUE })],
  providers: [PayoutsProcessor, PayoutsRecovery],
})
export class WalletJobsModule {}
