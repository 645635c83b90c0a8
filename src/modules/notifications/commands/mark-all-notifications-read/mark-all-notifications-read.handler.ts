import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { Clock } from '../../../../common/clock.js';
import { MarkAllNotificationsReadCommand } from './mark-all-notifications-read.command.js';

@CommandHandler(MarkAllNotificationsReadCommand)
export class MarkAllNotificationsReadHandler implements ICommandHandler<MarkAllNotificationsReadCommand, { updated: number }> {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ input }: MarkAllNotificationsReadCommand): Promise<{ updated: number }> {
    const [, updated] = (await this.ds.query(`UPDATE notifications SET is_read = true, read_at = coalesce(read_at, $2) WHERE user_id = $1 AND NOT is_read`, [
      input.userId,
      this.clock.now(),
    ])) as [unknown[], number];
    return { updated };
  }
}
