import { Injectable } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { SETTLE_JOB_OPTIONS, SETTLEMENT_QUEUE, SettlementJob, settleJobId } from '../settlement.constants.js';

/** Enqueues settle jobs with the deterministic id settle-{date}: a date waiting or running is never queued twice. */
@Injectable()
export class SettlementQueue {
  constructor(@InjectQueue(SETTLEMENT_QUEUE) private readonly queue: Queue) {}

  async enqueueSettle(date: string): Promise<{ jobId: string; state: string }> {
    const jobId = settleJobId(date);
    const existing = await this.queue.getJob(jobId);
    if (existing) {
      const state = await existing.getState();
      if (state === 'completed' || state === 'failed') {
        await existing.remove();
      } else {
        if (state === 'delayed') await existing.promote().catch(() => undefined);
        return { jobId, state };
      }
    }
    await this.queue.add(SettlementJob.SETTLE_DATE, { date }, { ...SETTLE_JOB_OPTIONS, jobId });
    return { jobId, state: 'waiting' };
  }

  get raw(): Queue {
    return this.queue;
  }
}
