import { Command } from '@nestjs/cqrs';

/** Stops push reminders on one of the user's browsers; the result says whether there was such a subscription. */
export class RemovePushSubscriptionCommand extends Command<{ removed: boolean }> {
  constructor(
    readonly userId: string,
    readonly endpoint: string,
  ) {
    super();
  }
}
