import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { Clock } from '../../../../common/clock.js';
import { isUuid } from '../../../../common/uuid.js';
import { WalletErrors } from '../../wallet.errors.js';
import { MarkNotificationReadCommand, MarkedRead } from './mark-notification-read.command.js';

@CommandHandler(MarkNotificationReadCommand)
export class MarkNotificationReadHandler implements ICommandHandler<MarkNotificationReadCommand, MarkedRead> {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ userId, id }: MarkNotificationReadCommand): Promise<MarkedRead> {
    if (!isUuid(id)) throw WalletErrors.notFound('Notification');
    const [rows] = (await this.ds.query(
      `UPDATE notifications SET is_read = true, read_at = coalesce(read_at, $3) WHERE id = $1 AND user_id = $2 RETURNING id, is_read`,
      [id, userId, this.clock.now()],
    )) as [{ id: string }[], number];
    if (!rows.length) throw WalletErrors.notFound('Notification');
    return { success: true as const, data: { id, isRead: true }, message: 'Notification marked as read' };
  }
}
