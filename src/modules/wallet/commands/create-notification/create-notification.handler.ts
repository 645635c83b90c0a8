import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { Clock } from '../../../../common/clock.js';
import { CreateNotificationCommand } from './create-notification.command.js';

/** Stores a notification for a user; the same dedupeKey twice stores it once and answers the first id. */
@CommandHandler(CreateNotificationCommand)
export class CreateNotificationHandler implements ICommandHandler<CreateNotificationCommand, { id: string }> {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ input }: CreateNotificationCommand): Promise<{ id: string }> {
    const m = input.manager ?? this.ds.manager;
    const rows = (await m.query(
      `WITH ins AS (
         INSERT INTO notifications (id, user_id, type, title, message, data, dedupe_key, created_at)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8)
         ON CONFLICT (dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING RETURNING id
       )
       SELECT id FROM ins UNION ALL SELECT id FROM notifications WHERE dedupe_key = $7 AND NOT EXISTS (SELECT 1 FROM ins)`,
      [
        randomUUID(),
        input.userId,
        input.type,
        input.title.slice(0, 200),
        input.message.slice(0, 1000),
        JSON.stringify(input.data ?? {}, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)),
        input.dedupeKey ?? null,
        this.clock.now(),
      ],
    )) as { id: string }[];
    return { id: rows[0].id };
  }
}
