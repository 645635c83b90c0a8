import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { Clock } from '../../../../common/clock.js';
import { formatInr } from '../../../../common/money.js';
import { zonedInstant } from '../../../../common/time.js';
import { AppConfig } from '../../../../config/app-config.js';
import { ListUserChallengesQuery } from '../../../challenges/day/queries/list-user-challenges/list-user-challenges.query.js';
import { buildIcs } from '../../domain/ics.js';
import { CalendarFeedsRepository } from '../../infrastructure/calendar-feeds.repository.js';
import { GetCalendarFeedQuery } from './get-calendar-feed.query.js';

/** Mornings older than this stay out of the feed (a calendar only needs the recent past). */
const PAST_DAYS = 60;

@QueryHandler(GetCalendarFeedQuery)
export class GetCalendarFeedHandler implements IQueryHandler<GetCalendarFeedQuery, string | null> {
  constructor(
    @Inject(CalendarFeedsRepository) private readonly feeds: CalendarFeedsRepository,
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ secret }: GetCalendarFeedQuery): Promise<string | null> {
    const userId = await this.feeds.ownerOf(secret);
    if (!userId) return null;
    const now = this.clock.now();
    const since = now.getTime() - PAST_DAYS * 86_400_000;
    const challenges = (await this.queryBus.execute(new ListUserChallengesQuery(userId)))
      .filter((c) => c.status !== 'CANCELLED' && c.windowClosesAt.getTime() >= since)
      .reverse();
    return buildIcs(
      challenges.map((c) => ({
        id: c.id,
        wakeUpTime: c.wakeUpTime,
        stake: formatInr(c.stake),
        status: c.status,
        isSuccessful: c.isSuccessful,
        wakeUpAt: zonedInstant(c.challengeDate, c.wakeUpTime, this.config.appTimezone),
        windowOpensAt: c.windowOpensAt,
        windowClosesAt: c.windowClosesAt,
      })),
      now,
      this.config.appUrl,
      this.config.appTimezone,
    );
  }
}
