import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { PushController } from './push.controller.js';
import { NotificationsController } from './notifications.controller.js';
import { MarkAllNotificationsReadHandler } from './commands/mark-all-notifications-read/mark-all-notifications-read.handler.js';
import { PUSH_DNS_LOOKUP, PUSH_TLS_CA, PushSender } from './infrastructure/push-sender.js';
import { PushSubscriptionsRepository } from './infrastructure/push-subscriptions.repository.js';
import { SavePushSubscriptionHandler } from './commands/save-push-subscription/save-push-subscription.handler.js';
import { RemovePushSubscriptionHandler } from './commands/remove-push-subscription/remove-push-subscription.handler.js';
import { GetPushPublicKeyHandler } from './queries/get-push-public-key/get-push-public-key.handler.js';
import { SendDueRemindersHandler } from './commands/send-due-reminders/send-due-reminders.handler.js';
import { SendStillAwakeChecksHandler } from './commands/send-still-awake-checks/send-still-awake-checks.handler.js';
import { CreateNotificationHandler } from './commands/create-notification/create-notification.handler.js';
import { CreateNotificationsHandler } from './commands/create-notifications/create-notifications.handler.js';
import { MoneyNoticesHandler } from './events/money-notices.handler.js';
import { SettlementNoticesHandler } from './events/settlement-notices.handler.js';
import { AppealAnswerHandler } from './events/appeal-answer.handler.js';
import { ChallengeNoticesHandler } from './events/challenge-notices.handler.js';
import { NotificationsRepository } from './infrastructure/notifications.repository.js';
import { MarkNotificationReadHandler } from './commands/mark-notification-read/mark-notification-read.handler.js';
import { ListNotificationsHandler } from './queries/list-notifications/list-notifications.handler.js';
import { ListUserNotificationsHandler } from './queries/list-user-notifications/list-user-notifications.handler.js';

/** What other modules' events become: a notice (and a mail) for the user, written in the publisher's transaction. */
const EVENT_HANDLERS = [MoneyNoticesHandler, SettlementNoticesHandler, AppealAnswerHandler, ChallengeNoticesHandler];

/**
 * Everything a user is told: the notifications table (CreateNotification(s), written for other modules' events by the
 * handlers in events/), read and marked read (the list is served under /wallet/notifications, SPEC.md), reminders
 * that reach a sleeping phone (Web Push, mail fallback).
 */
@Module({
  imports: [CqrsModule],
  controllers: [PushController, NotificationsController],
  providers: [
    { provide: PUSH_DNS_LOOKUP, useValue: null },
    { provide: PUSH_TLS_CA, useValue: null },
    NotificationsRepository,
    PushSubscriptionsRepository,
    PushSender,
    SavePushSubscriptionHandler,
    RemovePushSubscriptionHandler,
    GetPushPublicKeyHandler,
    SendDueRemindersHandler,
    SendStillAwakeChecksHandler,
    MarkAllNotificationsReadHandler,
    MarkNotificationReadHandler,
    ListNotificationsHandler,
    ListUserNotificationsHandler,
    CreateNotificationHandler,
    CreateNotificationsHandler,
    ...EVENT_HANDLERS,
  ],
})
export class NotificationsModule {}
