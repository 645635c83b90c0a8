import { Command } from '@nestjs/cqrs';
import type { EntityManager } from 'typeorm';

export type NotificationType =
  | 'DEPOSIT_CREDITED'
  | 'WITHDRAWAL_PAID'
  | 'WITHDRAWAL_REVERSED'
  | 'CHALLENGE_CREATED'
  | 'CHALLENGE_CHECKED_IN'
  | 'CHALLENGE_MISSED'
  | 'CHALLENGE_CANCELLED'
  | 'SETTLEMENT_WON'
  | 'SETTLEMENT_REFUNDED'
  | 'SETTLEMENT_RETURNED'
  | 'SETTLEMENT_FORGIVEN'
  | 'PLAN_SKIPPED'
  | 'APPEAL_UPHELD'
  | 'APPEAL_REFUNDED'
  | 'CHALLENGE_EXCUSED'
  | 'STILL_AWAKE_MISSED'
  | 'CHALLENGE_REMINDER';

/**
 * Tells a user something; shown by GET /wallet/notifications. dedupeKey makes it idempotent. The notifications module's
 * own writers (reminders, the event handlers in events/) use it; other modules publish an event instead.
 */
export class CreateNotificationCommand extends Command<{ id: string }> {
  constructor(
    readonly input: {
      userId: string;
      type: NotificationType;
      title: string;
      message: string;
      data?: Record<string, unknown>;
      dedupeKey?: string;
      manager?: EntityManager;
    },
  ) {
    super();
  }
}
