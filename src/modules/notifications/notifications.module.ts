import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { PushController } from './push.controller.js';
import { NotificationsController } from './notifications.controller.js';
import { MarkAllNotificationsReadHandler } from './commands/mark-all-notifications-read/mark-all-notifications-read.handler.js';
import { PUSH_HTTPS_AGENT, PushSender } from './infrastructure/push-sender.js';
import { PushSubscriptionsRepository } from './infrastructure/push-subscriptions.repository.js';
import { SavePushSubscriptionHandler } from './commands/save-push-subscription/save-push-subscription.handler.js';
import { SendDueRemindersHandler } from './commands/send-due-reminders/send-due-reminders.handler.js';
import { SendStillAwakeChecksHandler } from './commands/send-still-awake-checks/send-still-awake-checks.handler.js';

/** Reminders that reach a sleeping phone: Web Push subscriptions and the reminder sender. */
@Module({
  imports: [CqrsModule],
  controllers: [PushController, NotificationsController],
  providers: [{ provide: PUSH_HTTPS_AGENT, useValue: null }, PushSubscriptionsRepository, PushSender, SavePushSubscriptionHandler, SendDueRemindersHandler, SendStillAwakeChecksHandler, MarkAllNotificationsReadHandler],
})
export class NotificationsModule {}
