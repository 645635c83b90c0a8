import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { effectiveSettings, UserSettings } from '../../domain/settings.js';
import { GetReminderRecipientsQuery, ReminderRecipient } from './get-reminder-recipients.query.js';

@QueryHandler(GetReminderRecipientsQuery)
export class GetReminderRecipientsHandler implements IQueryHandler<GetReminderRecipientsQuery, Map<string, ReminderRecipient>> {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async execute({ userIds }: GetReminderRecipientsQuery): Promise<Map<string, ReminderRecipient>> {
    const out = new Map<string, ReminderRecipient>();
    if (userIds.length === 0) return out;
    const rows = (await this.ds.query(`SELECT id, email, is_email_verified AS verified, settings FROM users WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL`, [userIds])) as {
      id: string;
      email: string;
      verified: boolean;
      settings: Partial<UserSettings> | null;
    }[];
    for (const r of rows) {
      const s = effectiveSettings(r.settings);
      if (!s.notifications.challengeReminders) continue;
      out.set(r.id, { push: s.reminders.push, mail: s.reminders.mail, email: r.verified ? r.email : null, quietHours: s.reminders.quietHours });
    }
    return out;
  }
}
