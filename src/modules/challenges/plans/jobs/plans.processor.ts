import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Job, Queue } from 'bullmq';
import { BookPlannedChallengesCommand } from '../commands/book-planned-challenges/book-planned-challenges.command.js';

export const PLANS_QUEUE = 'challenge-plans';
export const BOOK_PLANS_JOB = 'book-plans';
/** Every minute: a plan's day is booked within a minute of 20:00 the evening before. */
export const BOOK_PLANS_EVERY_MS = 60_000;

@Processor(PLANS_QUEUE)
export class PlansProcessor extends WorkerHost {
  private readonly logger = new Logger('ChallengePlansJobs');

  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {
    super();
  }

  async process(job: Job): Promise<{ booked: number; skipped: number }> {
    if (job.name !== BOOK_PLANS_JOB) throw new Error(`No handler for job ${job.name} on queue ${PLANS_QUEUE}`);
    const result = await this.commandBus.execute(new BookPlannedChallengesCommand());
    if (result.booked + result.skipped > 0) this.logger.log(`Plans booked ${result.booked} morning(s), skipped ${result.skipped}`);
    return result;
  }
}

/** Upserts the repeatable schedule at worker start (idempotent across restarts and many workers). */
@Injectable()
export class PlansScheduler implements OnApplicationBootstrap {
  constructor(@InjectQueue(PLANS_QUEUE) private readonly queue: Queue) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.upsertJobScheduler(
      BOOK_PLANS_JOB,
      { every: BOOK_PLANS_EVERY_MS },
      { name: BOOK_PLANS_JOB, opts: { removeOnComplete: 100, removeOnFail: 500 } },
    );
  }
}
