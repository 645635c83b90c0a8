import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { CalendarController } from './calendar.controller.js';
import { CalendarFeedsRepository } from './infrastructure/calendar-feeds.repository.js';
import { RotateCalendarFeedHandler } from './commands/rotate-calendar-feed/rotate-calendar-feed.handler.js';
import { GetCalendarFeedHandler } from './queries/get-calendar-feed/get-calendar-feed.handler.js';

/** The calendar feed: the user's mornings as iCalendar with alarms. Reads challenges through their query. */
@Module({
  imports: [CqrsModule],
  controllers: [CalendarController],
  providers: [CalendarFeedsRepository, RotateCalendarFeedHandler, GetCalendarFeedHandler],
})
export class CalendarModule {}
