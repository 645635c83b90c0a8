import { Command } from '@nestjs/cqrs';

/** Gives the user a new secret feed address; the old one stops working. */
export class RotateCalendarFeedCommand extends Command<{ url: string; webcalUrl: string }> {
  constructor(readonly userId: string) {
    super();
  }
}
