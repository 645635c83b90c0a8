import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { Clock } from '../../../../common/clock.js';
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
    const now = this.clock.now();
    let created = 0;
    for (let i = 0; i < input.items.length; i += STEP) {
      const part = input.items.slice(i, i + STEP);
      const rows = (await m.query(
        `INSERT INTO notifications (id, user_id, type, title, message, data, dedupe_key, created_at)
         SELECT id, user_id, type, title, message, data::jsonb, dedupe_key, $8::timestamptz
           FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[]) AS x(id, user_id, type, title, message, data, dedupe_key)
         ON CONFLICT (dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING
         RETURNING id`,
        [
          part.map(() => randomUUID()),
          part.map((n) => n.userId),
          part.map((n) => n.type),
          part.map((n) => n.title.slice(0, 200)),
          part.map((n) => n.message.slice(0, 1000)),
          part.map((n) => JSON.stringify(n.data ?? {}, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))),
          part.map((n) => n.dedupeKey ?? null),
          now,
        ],
      )) as unknown[];
      created += rows.length;
    }
    return { created };
  }
}
