import { Query } from '@nestjs/cqrs';

/** How one user wants challenge reminders (their settings, with defaults filled in). */
export interface ReminderRecipient {
  /** Web Push to their subscribed devices. */
  push: boolean;
  /** Mail as the fallback to push. */
  mail: boolean;
  /** A verified address to mail; null when the address is not verified (never mailed). */
  email: string | null;
  /** "HH:MM" in IST, may cross midnight; null: none. */
  quietHours: { start: string; end: string } | null;
}

/** Of these users, those whose settings allow challenge reminders (and whose account is open), with their channels. */
export class GetReminderRecipientsQuery extends Query<Map<string, ReminderRecipient>> {
  constructor(readonly userIds: readonly string[]) {
    super();
  }
}
