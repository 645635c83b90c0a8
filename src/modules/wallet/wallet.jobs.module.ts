import { Inject, Injectable, Logger, Module, OnApplicationBootstrap } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { WalletModule } from './wallet.module.js';
import { PAYOUTS_QUEUE, PayoutsProcessor } from './jobs/payouts.processor.js';
import { WithdrawalsService } from './application/withdrawals.service.js';

/** Re-enqueues withdrawals left PENDING (e.g. Redis was down at request time); jobs are deduplicated by id. */
@Injectable()
class PayoutsRecovery implements OnApplicationBootstrap {
  constructor(@Inject(WithdrawalsService) private readonly withdrawals: WithdrawalsService) {}
  async onApplicationBootstrap(): Promise<void> {
    const n = await this.withdrawals.requeuePending().catch(() => 0);
    if (n) new Logger('Payouts').log(`re-enqueued ${n} pending payouts`);
  }
}

/** The wallet module's BullMQ processors and schedulers: loaded by the worker only. */
@Module({
  imports: [WalletModule, BullModule.registerQueue({ name: PAYOUTS_QUEUE })],
  providers: [PayoutsProcessor, PayoutsRecovery],
})
export class WalletJobsModule {}
