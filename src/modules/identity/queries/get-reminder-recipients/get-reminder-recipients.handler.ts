import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { effectiveSettings, UserSettings } from '../../domain/settings.js';
import { GetReminderRecipientsQuery } from './get-reminder-recipients.query.js';

@QueryHandler(GetReminderRecipientsQuery)
export class GetReminderRecipientsHandler implements IQueryHandler<GetReminderRecipientsQuery, Set<string>> {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async execute({ userIds }: GetReminderRecipientsQuery): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows = (await this.ds.query(`SELECT id, settings FROM users WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL`, [userIds])) as { id: string; settings: Partial<UserSettings> | null }[];
    return new Set(rows.filter((r) => effectiveSettings(r.settings).notifications.challengeReminders).map((r) => r.id));
  }
}
