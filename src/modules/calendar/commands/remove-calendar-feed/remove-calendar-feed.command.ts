import { Command } from '@nestjs/cqrs';

/** Stops the user's calendar feed (its address stops working); the result says whether there was one. */
export class RemoveCalendarFeedCommand extends Command<{ removed: boolean }> {
  constructor(readonly userId: string) {
    super();
  }
}
