import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import { Queue } from 'bullmq';
import { AppConfig } from '../../../../config/app-config.js';

/** On the challenges queue (ChallengesProcessor runs it), so the queue's metrics and the support view cover it. */
export const PURGE_PHOTOS_JOB = 'purge-expired-photos';
/** Daily at 03:30 in APP_TIMEZONE, away from the 06:00 check-in rush and the 09:00 settlement. */
export const PURGE_PHOTOS_CRON = '30 3 * * *';

/** Upserts the daily photo purge at worker start (one schedule across restarts and many workers). */
@Injectable()
export class PhotosScheduler implements OnApplicationBootstrap {
  constructor(
    @InjectQueue('challenges') private readonly queue: Queue,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.upsertJobScheduler(
      PURGE_PHOTOS_JOB,
      { pattern: PURGE_PHOTOS_CRON, tz: this.config.appTimezone },
      { name: PURGE_PHOTOS_JOB, opts: { attempts: 3, backoff: { type: 'exponential', delay: 60_000 }, removeOnComplete: 30, removeOnFail: 100 } },
    );
  }
}
