import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { Clock } from '../../../../../common/clock.js';
import { zonedInstant, zonedParts } from '../../../../../common/time.js';
import { AppConfig } from '../../../../../config/app-config.js';
import { GetMonthlyMoneyQuery } from '../../../../wallet/queries/get-monthly-money/get-monthly-money.query.js';
import { ChallengeErrors } from '../../../challenges.errors.js';
import { MorningRecord, mornings, PROGRESS_YEARS, progressYear, weeks } from '../../domain/progress.js';
import { ChallengeReadsRepository } from '../../../shared/infrastructure/challenge-reads.repository.js';
import { GetProgressQuery, Progress } from './get-progress.query.js';

interface Row {
  date: string;
  wake_up_time: string;
  status: MorningRecord['status'];
  is_successful: boolean | null;
  check_in_time: Date | null;
  excused: boolean;
  forgiven: boolean;
}

@QueryHandler(GetProgressQuery)
export class GetProgressHandler implements IQueryHandler<GetProgressQuery, Progress> {
  constructor(
    @Inject(ChallengeReadsRepository) private readonly reads: ChallengeReadsRepository,
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async execute({ userId, year: raw }: GetProgressQuery): Promise<Progress> {
    const tz = this.config.appTimezone;
    const year = progressYear(raw, Number(zonedParts(this.clock.now(), tz).date.slice(0, 4)));
    if (year === null) throw ChallengeErrors.invalid(`year must be a year from ${PROGRESS_YEARS.min} to ${PROGRESS_YEARS.max}, as four digits`);
    // Real (non-test) challenges of the year; a cancelled one only when a shield or leave excused it.
    const rows = (await this.reads.yearMornings(userId, `${year}-01-01`, `${year}-12-31`)) as Row[];
    const records = rows.map(
      (r): MorningRecord => ({
        date: r.date,
        wakeUpTime: r.wake_up_time,
        status: r.status,
        isSuccessful: r.is_successful,
        excused: r.excused,
        forgiven: r.forgiven,
        checkIn: r.check_in_time ? this.checkIn(r.date, r.check_in_time, tz) : null,
      }),
    );
    const list = mornings(records);
    const months = await this.queryBus.execute(new GetMonthlyMoneyQuery(userId, year));
    return { year, mornings: list, weeks: weeks(list), months };
  }

  /** The check-in's IST wall clock, and its minutes from the challenge date's midnight (a check-in the evening before counts below 0). */
  private checkIn(date: string, at: Date, tz: string): { minutes: number; time: string } {
    const p = zonedParts(at, tz);
    const minutes = Math.floor((at.getTime() - zonedInstant(date, '00:00', tz).getTime()) / 60_000);
    return { minutes, time: `${p.time}:${String(p.seconds).padStart(2, '0')}` };
  }
}
