import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { CalendarController } from './calendar.controller.js';
import { CalendarFeedsRepository } from './infrastructure/calendar-feeds.repository.js';
import { RotateCalendarFeedHandler } from './commands/rotate-calendar-feed/rotate-calendar-feed.handler.js';
import { GetCalendarFeedHandler } from './queries/get-calendar-feed/get-calendar-feed.handler.js';
import { GetCalendarFeedStatusHandler } from './queries/get-calendar-feed-status/get-calendar-feed-status.handler.js';
import { RemoveCalendarFeedHandler } from './commands/remove-calendar-feed/remove-calendar-feed.handler.js';

const HANDLERS = [RotateCalendarFeedHandler, RemoveCalendarFeedHandler, GetCalendarFeedHandler, GetCalendarFeedStatusHandler];

/** The calendar feed: the user's mornings as iCalendar with alarms. Reads challenges through their query. */
@Module({
  imports: [CqrsModule],
  controllers: [CalendarController],
  providers: [CalendarFeedsRepository, ...HANDLERS],
})
export class CalendarModule {}
