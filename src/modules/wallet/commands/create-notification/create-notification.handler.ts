import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { Clock } from '../../../../common/clock.js';
import { preparedQuery } from '../../../../common/prepared-query.js';
import { TickBatcher } from '../../../../common/tick-batcher.js';
import { CreateNotificationCommand } from './create-notification.command.js';

type Input = CreateNotificationCommand['input'];
type Waiting = { input: Input; at: Date };

const jsonOf = (data: Record<string, unknown> | undefined) => JSON.stringify(data ?? {}, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));

/**
 * Stores a notification for a user; the same dedupeKey twice stores it once and answers the first id.
 *
 * Outside a caller's transaction, the notifications asked for in the same turn of the event loop are written by one
 * multi-row statement (TickBatcher: the 6 AM rush creates one per check-in). Each caller still waits for its own row.
 */
@CommandHandler(CreateNotificationCommand)
export class CreateNotificationHandler implements ICommandHandler<CreateNotificationCommand, { id: string }> {
  private readonly batcher = new TickBatcher<Waiting, { id: string }>(
    (batch) => this.insertMany(batch),
    (w) => this.insertOne(this.ds.manager, w.input, w.at),
  );

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  execute({ input }: CreateNotificationCommand): Promise<{ id: string }> {
    if (input.manager) return this.insertOne(input.manager, input, this.clock.now());
    return this.batcher.push({ input, at: this.clock.now() });
  }

  /** One statement: rows without a conflict are inserted; a dedupeKey already stored (or twice in the batch) answers the stored id. */
  private async insertMany(batch: Waiting[]): Promise<{ id: string }[]> {
    const rows = (await preparedQuery(
      this.ds,
      'notifications_batch_v1',
      `WITH x AS (
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::timestamptz[], $9::text[])
                    AS x(id, user_id, type, title, message, data, dedupe_key, created_at, k)
       ), ins AS (
         INSERT INTO notifications (id, user_id, type, title, message, data, dedupe_key, created_at)
         SELECT id, user_id, type, title, message, data::jsonb, dedupe_key, created_at FROM x
         ON CONFLICT (dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING RETURNING id, dedupe_key
       )
       SELECT x.k, coalesce(ins.id, n.id) AS id
         FROM x LEFT JOIN ins ON ins.id = x.id OR ins.dedupe_key = x.dedupe_key
                LEFT JOIN notifications n ON ins.id IS NULL AND n.dedupe_key = x.dedupe_key`,
      [
        batch.map(() => randomUUID()),
        batch.map((w) => w.input.userId),
        batch.map((w) => w.input.type),
        batch.map((w) => w.input.title.slice(0, 200)),
        batch.map((w) => w.input.message.slice(0, 1000)),
        batch.map((w) => jsonOf(w.input.data)),
        batch.map((w) => w.input.dedupeKey ?? null),
        batch.map((w) => w.at),
        batch.map((w, i) => w.input.dedupeKey ?? `#${i}`),
      ],
    )) as { k: string; id: string }[];
    const ids = new Map<string, string>();
    // A key met twice in this batch is inserted once and both rows answer that id; a key stored earlier answers its id.
    for (const r of rows) if (r.id && !ids.has(r.k)) ids.set(r.k, r.id);
    return batch.map((w, i) => {
      const id = ids.get(w.input.dedupeKey ?? `#${i}`);
      if (!id) throw new Error('notification batch: a row without an id');
      return { id };
    });
  }

  private async insertOne(m: EntityManager, input: Input, at: Date): Promise<{ id: string }> {
    const rows = (await m.query(
      `WITH ins AS (
         INSERT INTO notifications (id, user_id, type, title, message, data, dedupe_key, created_at)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8)
         ON CONFLICT (dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING RETURNING id
       )
       SELECT id FROM ins UNION ALL SELECT id FROM notifications WHERE dedupe_key = $7 AND NOT EXISTS (SELECT 1 FROM ins)`,
      [randomUUID(), input.userId, input.type, input.title.slice(0, 200), input.message.slice(0, 1000), jsonOf(input.data), input.dedupeKey ?? null, at],
    )) as { id: string }[];
    return { id: rows[0].id };
  }
}
