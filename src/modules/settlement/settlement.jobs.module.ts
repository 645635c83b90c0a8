import { Module } from '@nestjs/common';
import { SettlementModule } from './settlement.module.js';
import { SettlementProcessor } from './jobs/settlement.processor.js';
import { SettlementScheduler } from './jobs/settlement.scheduler.js';

/** The settlement module's BullMQ processors and schedulers: loaded by the worker only. */
@Module({
  imports: [SettlementModule],
  providers: [SettlementProcessor, SettlementScheduler],
})
export class SettlementJobsModule {}
