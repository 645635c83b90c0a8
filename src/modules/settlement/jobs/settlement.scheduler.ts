import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { AppConfig } from '../../../config/app-config.js';
import { SettlementQueue } from '../infrastructure/settlement.queue.js';
import { SettlementRepository } from '../infrastructure/settlement.repository.js';
import { DEADLINE_CRON, SETTLEMENT_QUEUE, SettlementJob } from '../settlement.constants.js';

/**
 * BullMQ job schedulers (stored in Redis: they survive restarts and fire once across many workers):
 * settle-daily at SETTLEMENT_CRON and settlement-deadline at 15:00, both in APP_TIMEZONE.
 * At boot, dates a crash left unfinished are queued again (a date already queued or running is left alone).
 */
@Injectable()
export class SettlementScheduler implements OnApplicationBootstrap {
  private readonly logger = new Logger('SettlementScheduler');

  constructor(
    @InjectQueue(SETTLEMENT_QUEUE) private readonly queue: Queue,
    @Inject(SettlementQueue) private readonly settleQueue: SettlementQueue,
    @Inject(SettlementRepository) private readonly repo: SettlementRepository,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const tz = this.config.appTimezone;
    await this.queue.upsertJobScheduler(
      SettlementJob.DAILY,
      { pattern: this.config.settlementCron, tz },
      {
        name: SettlementJob.DAILY,
        opts: { attempts: 5, backoff: { type: 'exponential', delay: 30_000 }, removeOnComplete: true, removeOnFail: { count: 100 } },
      },
    );
    await this.queue.upsertJobScheduler(
      SettlementJob.DEADLINE,
      { pattern: DEADLINE_CRON, tz },
      {
        name: SettlementJob.DEADLINE,
        opts: { attempts: 3, backoff: { type: 'exponential', delay: 30_000 }, removeOnComplete: true, removeOnFail: { count: 100 } },
      },
    );
    for (const date of await this.repo.unfinishedDates()) {
      const { state } = await this.settleQueue.enqueueSettle(date);
      this.logger.log(`Unfinished settlement of ${date}: job ${state}`);
    }
  }
}
