import { Query } from '@nestjs/cqrs';

/** Of these users, those whose settings allow challenge reminders (and whose account is open). */
export class GetReminderRecipientsQuery extends Query<Set<string>> {
  constructor(readonly userIds: readonly string[]) {
    super();
  }
}
