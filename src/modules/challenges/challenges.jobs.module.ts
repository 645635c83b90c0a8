import { Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { ChallengesModule } from './challenges.module.js';
import { CHALLENGES_QUEUE, ChallengesProcessor, ChallengesScheduler } from './day/jobs/close-missed.processor.js';
import { PLANS_QUEUE, PlansProcessor, PlansScheduler } from './plans/jobs/plans.processor.js';
import { PhotosScheduler } from './proof/jobs/purge-photos.scheduler.js';

/** The challenges module's BullMQ processors and schedulers: loaded by the worker only. */
@Module({
  imports: [ChallengesModule, BullModule.registerQueue({ name: CHALLENGES_QUEUE }, { name: PLANS_QUEUE })],
  providers: [ChallengesProcessor, ChallengesScheduler, PhotosScheduler, PlansProcessor, PlansScheduler],
})
export class ChallengesJobsModule {}
