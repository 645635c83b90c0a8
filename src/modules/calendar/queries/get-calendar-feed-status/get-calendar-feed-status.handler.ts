import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { CalendarFeedsRepository } from '../../infrastructure/calendar-feeds.repository.js';
import { GetCalendarFeedStatusQuery } from './get-calendar-feed-status.query.js';

@QueryHandler(GetCalendarFeedStatusQuery)
export class GetCalendarFeedStatusHandler implements IQueryHandler<GetCalendarFeedStatusQuery, { active: boolean; createdAt: string | null }> {
  constructor(@Inject(CalendarFeedsRepository) private readonly feeds: CalendarFeedsRepository) {}

  async execute({ userId }: GetCalendarFeedStatusQuery) {
    const since = await this.feeds.createdAt(userId);
    return { active: since !== null, createdAt: since?.toISOString() ?? null };
  }
}
