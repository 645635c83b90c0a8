import { Injectable, Logger } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { PAYOUT_JOB, PAYOUTS_QUEUE } from '../jobs/payouts.processor.js';

/** How long a request waits for Redis to take a payout job (enqueue here; the poll ProcessPayoutHandler schedules). */
const ENQUEUE_WAIT_MS = 2_000;

/** How long a payout the provider is still working on waits before the job asks for its state again. */
const PAYOUT_POLL_MS = 10 * 60_000;

/** The payouts queue: a withdrawal's payout job, queued once (the job id deduplicates). */
@Injectable()
export class PayoutQueue {
  private readonly logger = new Logger('Withdrawals');

  constructor(@InjectQueue(PAYOUTS_QUEUE) private readonly queue: Queue) {}

  /** Queues the payout job of a withdrawal (the job id deduplicates); waits for Redis at most ENQUEUE_WAIT_MS. */
  async enqueue(id: string): Promise<void> {
    try {
      // With Redis down, ioredis keeps the command in its offline queue (sent when Redis is back): the request does not
      // wait for that longer than ENQUEUE_WAIT_MS. The hold is committed either way; the job id deduplicates.
      const added = this.queue.add(
        PAYOUT_JOB,
        { withdrawalId: id },
        { jobId: `payout-${id}`, attempts: 5, backoff: { type: 'exponential', delay: 5_000 }, removeOnComplete: 1000, removeOnFail: 5000 },
      );
      added.catch(() => undefined);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        added,
        new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('Redis did not answer in time')), ENQUEUE_WAIT_MS))),
      ]).finally(() => clearTimeout(timer));
    } catch (e) {
      // The hold stays PENDING; the worker re-enqueues PENDING withdrawals when it starts (WalletJobsModule).
      this.logger.error(`could not enqueue payout ${id}: ${(e as Error).message}`);
    }
  }

  /** One delayed re-run of the payout job per PAYOUT_POLL_MS window (the job id deduplicates within the window). */
  async schedulePoll(id: string, now: Date): Promise<void> {
    const bucket = Math.floor(now.getTime() / PAYOUT_POLL_MS);
    const added = this.queue.add(
      PAYOUT_JOB,
      { withdrawalId: id },
      {
        jobId: `payout-${id}-poll-${bucket}`,
        delay: PAYOUT_POLL_MS,
        attempts: 5,
        backoff: { type: 'exponential', delay: 5_000 },
        removeOnComplete: 1000,
        removeOnFail: 5000,
      },
    );
    added.catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        added,
        new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('Redis did not answer in time')), ENQUEUE_WAIT_MS))),
      ]);
    } catch (e) {
      this.logger.warn(`could not schedule a status check of payout ${id}: ${(e as Error).message}`);
    } finally {
      clearTimeout(timer);
    }
  }
}
