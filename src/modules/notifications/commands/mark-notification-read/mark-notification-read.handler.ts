import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '../../../../common/clock.js';
import { isUuid } from '../../../../common/uuid.js';
import { NotificationsRepository } from '../../infrastructure/notifications.repository.js';
import { NotificationsErrors } from '../../notifications.errors.js';
import { MarkNotificationReadCommand, MarkedRead } from './mark-notification-read.command.js';

@CommandHandler(MarkNotificationReadCommand)
export class MarkNotificationReadHandler implements ICommandHandler<MarkNotificationReadCommand, MarkedRead> {
  constructor(
    @Inject(NotificationsRepository) private readonly notifications: NotificationsRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ userId, id }: MarkNotificationReadCommand): Promise<MarkedRead> {
    if (!isUuid(id)) throw NotificationsErrors.notFound();
    if (!(await this.notifications.markRead(userId, id, this.clock.now()))) throw NotificationsErrors.notFound();
    return { success: true as const, data: { id, isRead: true }, message: 'Notification marked as read' };
  }
}
