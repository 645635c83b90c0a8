import { Command } from '@nestjs/cqrs';

/** Marks every unread notification of one user read; answers how many it changed. */
export class MarkAllNotificationsReadCommand extends Command<{ updated: number }> {
  constructor(readonly input: { userId: string }) {
    super();
  }
}
