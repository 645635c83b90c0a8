import { Inject } from '@nestjs/common';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job, MinimalJob } from 'bullmq';
import { MAIL_JOB, MAIL_QUEUE, mailBackoffMs } from './mail.constants.js';
import { MailOutbox } from './mail-outbox.js';

/** Thin: one job → one attempt of one outbox message; a failed attempt throws so BullMQ retries with the mail backoff. */
@Processor(MAIL_QUEUE, {
  settings: {
    backoffStrategy: (attemptsMade: number, _type?: string, _err?: Error, job?: MinimalJob) =>
      mailBackoffMs(attemptsMade, job?.opts.backoff && typeof job.opts.backoff === 'object' ? (job.opts.backoff.delay ?? 5_000) : 5_000),
  },
})
export class MailProcessor extends WorkerHost {
  constructor(@Inject(MailOutbox) private readonly outbox: MailOutbox) {
    super();
  }

  async process(job: Job<{ outboxId: string }>): Promise<string> {
    if (job.name !== MAIL_JOB) throw new Error(`No handler for job ${job.name}`);
    const outcome = await this.outbox.attempt(job.data.outboxId);
    if (outcome === 'RETRY') throw new Error('mail not sent yet: will retry');
    return outcome;
  }
}
