import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { effectiveSettings } from '../../domain/settings.js';
import { UsersRepository } from '../../infrastructure/users.repository.js';
import { GetReminderRecipientsQuery, ReminderRecipient } from './get-reminder-recipients.query.js';

@QueryHandler(GetReminderRecipientsQuery)
export class GetReminderRecipientsHandler implements IQueryHandler<GetReminderRecipientsQuery, Map<string, ReminderRecipient>> {
  constructor(@Inject(UsersRepository) private readonly users: UsersRepository) {}

  async execute({ userIds }: GetReminderRecipientsQuery): Promise<Map<string, ReminderRecipient>> {
    const out = new Map<string, ReminderRecipient>();
    if (userIds.length === 0) return out;
    const rows = await this.users.reminderRows(userIds);
    for (const r of rows) {
      const s = effectiveSettings(r.settings);
      if (!s.notifications.challengeReminders) continue;
      out.set(r.id, { push: s.reminders.push, mail: s.reminders.mail, email: r.verified ? r.email : null, quietHours: s.reminders.quietHours });
    }
    return out;
  }
}
