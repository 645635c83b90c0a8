import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { Clock } from '../../../../common/clock.js';
import { TickBatcher } from '../../../../common/tick-batcher.js';
import { insertNotifications, NotificationRow } from '../../infrastructure/notifications.repository.js';
import { CreateNotificationCommand } from './create-notification.command.js';

/**
 * Stores a notification for a user; the same dedupeKey twice stores it once and answers the first id.
 *
 * Outside a caller's transaction, the notifications asked for in the same turn of the event loop are written by one
 * multi-row statement (TickBatcher: the 6 AM rush creates one per check-in). Each caller still waits for its own row.
 */
@CommandHandler(CreateNotificationCommand)
export class CreateNotificationHandler implements ICommandHandler<CreateNotificationCommand, { id: string }> {
  private readonly batcher = new TickBatcher<NotificationRow, { id: string | null; created: boolean }>((rows) => insertNotifications(this.ds, rows));

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ input }: CreateNotificationCommand): Promise<{ id: string }> {
    const { manager, ...notification } = input;
    const row = { ...notification, at: this.clock.now() };
    const { id } = manager ? (await insertNotifications(manager, [row]))[0] : await this.batcher.push(row);
    if (!id) throw new Error(`notification ${input.dedupeKey} is being stored concurrently`);
    return { id };
  }
}
