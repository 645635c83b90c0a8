import { Inject } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { ProcessPayoutCommand } from '../commands/process-payout/process-payout.command.js';

export const PAYOUTS_QUEUE = 'payouts';
export const PAYOUT_JOB = 'payout';

/**
 * Thin: one payout job → ProcessPayoutCommand. A short lock and stalled check (BullMQ's defaults are 30 s / 30 s) so
 * the job of a killed worker is taken over within about 15 s; running a payout again is safe (it ends once).
 */
@Processor(PAYOUTS_QUEUE, { lockDuration: 10_000, stalledInterval: 5_000, maxStalledCount: 3 })
export class PayoutsProcessor extends WorkerHost {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {
    super();
  }

  async process(job: Job<{ withdrawalId: string }>) {
    if (job.name !== PAYOUT_JOB) throw new Error(`No handler for job ${job.name}`);
    return this.commandBus.execute(new ProcessPayoutCommand(job.data.withdrawalId));
  }
}
