import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Job, Queue } from 'bullmq';
import { CloseMissedChallengesCommand } from '../commands/close-missed-challenges/close-missed-challenges.command.js';
import { PurgeExpiredPhotosCommand } from '../../proof/commands/purge-expired-photos/purge-expired-photos.command.js';
import { PURGE_PHOTOS_JOB } from '../../proof/jobs/purge-photos.scheduler.js';

export const CHALLENGES_QUEUE = 'challenges';
export const CLOSE_MISSED_JOB = 'close-missed';
/** Every 30 s, so a window is closed within a minute of its end. */
export const CLOSE_MISSED_EVERY_MS = 30_000;

@Processor(CHALLENGES_QUEUE)
export class ChallengesProcessor extends WorkerHost {
  private readonly logger = new Logger('ChallengesJobs');

  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {
    super();
  }

  async process(job: Job): Promise<{ closed: number } | { purged: number }> {
    if (job.name === PURGE_PHOTOS_JOB) {
      const purged = await this.commandBus.execute(new PurgeExpiredPhotosCommand());
      if (purged.purged > 0) this.logger.log(`Deleted ${purged.purged} check-in photo(s) past retention`);
      return purged;
    }
    if (job.name !== CLOSE_MISSED_JOB) throw new Error(`No handler for job ${job.name} on queue ${CHALLENGES_QUEUE}`);
    const result = await this.commandBus.execute(new CloseMissedChallengesCommand());
    if (result.closed > 0) this.logger.log(`Closed ${result.closed} missed challenge(s)`);
    return result;
  }
}

/** Upserts the repeatable schedule at worker start (idempotent across restarts and many workers). */
@Injectable()
export class ChallengesScheduler implements OnApplicationBootstrap {
  constructor(@InjectQueue(CHALLENGES_QUEUE) private readonly queue: Queue) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.upsertJobScheduler(
      CLOSE_MISSED_JOB,
      { every: CLOSE_MISSED_EVERY_MS },
      { name: CLOSE_MISSED_JOB, opts: { removeOnComplete: 100, removeOnFail: 500 } },
    );
  }
}
