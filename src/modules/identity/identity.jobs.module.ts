import { Module } from '@nestjs/common';
import { IdentityModule } from './identity.module.js';

/** The identity module's BullMQ processors and schedulers: loaded by the worker only. */
@Module({
  imports: [IdentityModule],
  providers: [],
})
export class IdentityJobsModule {}
