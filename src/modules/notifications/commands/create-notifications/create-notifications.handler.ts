import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { Clock } from '../../../../common/clock.js';
import { insertNotifications } from '../../infrastructure/notifications.repository.js';
import { CreateNotificationsCommand } from './create-notifications.command.js';

const STEP = 5000;

@CommandHandler(CreateNotificationsCommand)
export class CreateNotificationsHandler implements ICommandHandler<CreateNotificationsCommand, { created: number }> {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ input }: CreateNotificationsCommand): Promise<{ created: number }> {
    const m = input.manager ?? this.ds.manager;
    const at = this.clock.now();
    let created = 0;
    for (let i = 0; i < input.items.length; i += STEP) {
      const stored = await insertNotifications(
        m,
        input.items.slice(i, i + STEP).map((n) => ({ ...n, at })),
      );
      created += stored.filter((s) => s.created).length;
    }
    return { created };
  }
}
