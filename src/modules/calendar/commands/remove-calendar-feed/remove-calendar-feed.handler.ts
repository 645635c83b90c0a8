import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CalendarFeedsRepository } from '../../infrastructure/calendar-feeds.repository.js';
import { RemoveCalendarFeedCommand } from './remove-calendar-feed.command.js';

@CommandHandler(RemoveCalendarFeedCommand)
export class RemoveCalendarFeedHandler implements ICommandHandler<RemoveCalendarFeedCommand, { removed: boolean }> {
  constructor(@Inject(CalendarFeedsRepository) private readonly feeds: CalendarFeedsRepository) {}

  async execute({ userId }: RemoveCalendarFeedCommand): Promise<{ removed: boolean }> {
    return { removed: await this.feeds.remove(userId) };
  }
}
