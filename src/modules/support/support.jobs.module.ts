import { Module } from '@nestjs/common';
import { SupportModule } from './support.module.js';

/** The support module's BullMQ processors and schedulers: loaded by the worker only. */
@Module({
  imports: [SupportModule],
  providers: [],
})
export class SupportJobsModule {}
