import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '../../../../common/clock.js';
import { NotificationsRepository } from '../../infrastructure/notifications.repository.js';
import { MarkAllNotificationsReadCommand } from './mark-all-notifications-read.command.js';

@CommandHandler(MarkAllNotificationsReadCommand)
export class MarkAllNotificationsReadHandler implements ICommandHandler<MarkAllNotificationsReadCommand, { updated: number }> {
  constructor(
    @Inject(NotificationsRepository) private readonly notifications: NotificationsRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ input }: MarkAllNotificationsReadCommand): Promise<{ updated: number }> {
    return { updated: await this.notifications.markAllRead(input.userId, this.clock.now()) };
  }
}
