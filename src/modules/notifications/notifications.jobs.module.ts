import { Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { NotificationsModule } from './notifications.module.js';
import { NOTIFICATIONS_QUEUE, NotificationsProcessor, NotificationsScheduler } from './jobs/reminders.processor.js';

/** The notifications module's BullMQ processor and schedule: loaded by the worker only. */
@Module({
  imports: [NotificationsModule, BullModule.registerQueue({ name: NOTIFICATIONS_QUEUE })],
  providers: [NotificationsProcessor, NotificationsScheduler],
})
export class NotificationsJobsModule {}
