import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Clock } from '../../../../../common/clock.js';
import { zonedParts } from '../../../../../common/time.js';
import { AppConfig } from '../../../../../config/app-config.js';
import { LEAVE_CUTOFF_TIME, leaveTimingProblem, monthOf } from '../../domain/leave-rules.js';
import { LeaveRepository } from '../../infrastructure/leave.repository.js';
import { LeaveList, ListLeaveQuery } from './list-leave.query.js';

@QueryHandler(ListLeaveQuery)
export class ListLeaveHandler implements IQueryHandler<ListLeaveQuery, LeaveList> {
  constructor(
    @Inject(LeaveRepository) private readonly leave: LeaveRepository,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ userId, from }: ListLeaveQuery): Promise<LeaveList> {
    const now = this.clock.now();
    const tz = this.config.appTimezone;
    const rows = await this.leave.leaveFrom(userId, from ?? `${monthOf(zonedParts(now, tz).date)}-01`);
    const usedByMonth: Record<string, number> = {};
    for (const r of rows) usedByMonth[monthOf(r.date)] = (usedByMonth[monthOf(r.date)] ?? 0) + 1;
    return {
      limitPerMonth: this.config.leaveDaysPerMonth,
      cutoffTime: LEAVE_CUTOFF_TIME,
      days: rows.map((r) => ({ date: r.date, createdAt: r.createdAt.toISOString(), removable: leaveTimingProblem(r.date, now, tz) === null })),
      usedByMonth,
    };
  }
}
