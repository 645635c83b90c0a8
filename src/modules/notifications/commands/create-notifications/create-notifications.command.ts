import { Command } from '@nestjs/cqrs';
import type { EntityManager } from 'typeorm';
import type { CreateNotificationCommand } from '../create-notification/create-notification.command.js';

export type NotificationInput = Omit<CreateNotificationCommand['input'], 'manager'>;

/** CreateNotification for many at once (one multi-row INSERT); an existing dedupeKey is left as it is. Answers how many were stored. */
export class CreateNotificationsCommand extends Command<{ created: number }> {
  constructor(readonly input: { items: NotificationInput[]; manager?: EntityManager }) {
    super();
  }
}
