import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Job, Queue } from 'bullmq';
import { SendDueRemindersCommand } from '../commands/send-due-reminders/send-due-reminders.command.js';
import { SendStillAwakeChecksCommand } from '../commands/send-still-awake-checks/send-still-awake-checks.command.js';

export const NOTIFICATIONS_QUEUE = 'notifications';
export const SEND_REMINDERS_JOB = 'send-reminders';
/** Every 30 s: a reminder lands within half a minute of its moment. */
export const SEND_REMINDERS_EVERY_MS = 30_000;

@Processor(NOTIFICATIONS_QUEUE)
export class NotificationsProcessor extends WorkerHost {
  private readonly logger = new Logger('NotificationsJobs');

  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {
    super();
  }

  async process(job: Job): Promise<{ reminders: number; delivered: number }> {
    if (job.name !== SEND_REMINDERS_JOB) throw new Error(`No handler for job ${job.name} on queue ${NOTIFICATIONS_QUEUE}`);
    const result = await this.commandBus.execute(new SendDueRemindersCommand());
    if (result.reminders > 0) this.logger.log(`Sent ${result.reminders} reminder(s) to ${result.delivered} device(s)`);
    // the same 30-s tick asks the still-awake checks whose moment has come
    const checks = await this.commandBus.execute(new SendStillAwakeChecksCommand());
    if (checks.asked > 0) this.logger.log(`Asked ${checks.asked} still-awake check(s), pushed to ${checks.delivered} device(s)`);
    return result;
  }
}

/** Upserts the repeatable schedule at worker start (idempotent across restarts and many workers). */
@Injectable()
export class NotificationsScheduler implements OnApplicationBootstrap {
  constructor(@InjectQueue(NOTIFICATIONS_QUEUE) private readonly queue: Queue) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.upsertJobScheduler(
      SEND_REMINDERS_JOB,
      { every: SEND_REMINDERS_EVERY_MS },
      { name: SEND_REMINDERS_JOB, opts: { removeOnComplete: 100, removeOnFail: 500 } },
    );
  }
}
