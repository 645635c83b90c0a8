import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Clock } from '../../../../../common/clock.js';
import { addDays, zonedParts } from '../../../../../common/time.js';
import { AppConfig } from '../../../../../config/app-config.js';
import { ChallengeErrors } from '../../../challenges.errors.js';
import { ADVANCE_DAYS, dateProblem, WAKE_UP_SLOTS } from '../../../shared/domain/challenge-rules.js';
import { LeaveRepository } from '../../../days-off/infrastructure/leave.repository.js';
import { ChallengeRepository } from '../../../shared/infrastructure/challenge.repository.js';
import { BookableDate, BookableDates, ListBookableDatesQuery } from './list-bookable-dates.query.js';

/**
 * Each of today .. today+ADVANCE_DAYS asked of can-create (the same rules as the create route), plus declared
 * leave (which the create route refuses), with the wake-up slots still open on each date.
 */
@QueryHandler(ListBookableDatesQuery)
export class ListBookableDatesHandler implements IQueryHandler<ListBookableDatesQuery, BookableDates> {
  constructor(
    @Inject(ChallengeRepository) private readonly challenges: ChallengeRepository,
    @Inject(LeaveRepository) private readonly leave: LeaveRepository,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ userId }: ListBookableDatesQuery): Promise<BookableDates> {
    const now = this.clock.now();
    const tz = this.config.appTimezone;
    const today = zonedParts(now, tz).date;
    const leave = new Set((await this.leave.leaveFrom(userId, today)).map((l) => l.date));
    const dates: BookableDate[] = [];
    for (let i = 0; i <= ADVANCE_DAYS; i++) {
      const date = addDays(today, i);
      const wakeUpTimes = WAKE_UP_SLOTS.filter((slot) => dateProblem(date, slot, now, tz) === null);
      if (leave.has(date)) {
        dates.push({ date, bookable: false, reason: ChallengeErrors.onLeave(date).message, blockedBy: 'LEAVE', wakeUpTimes });
        continue;
      }
      const answer = await this.challenges.canCreate(userId, date);
      if (answer.canCreate) dates.push({ date, bookable: true, wakeUpTimes });
      else {
        const booked = answer.reason === ChallengeErrors.duplicateDate().message;
        dates.push({ date, bookable: false, reason: answer.reason, blockedBy: booked ? 'BOOKED' : 'OTHER', wakeUpTimes });
      }
    }
    return { today, dates, firstBookable: dates.find((d) => d.bookable)?.date ?? null };
  }
}
