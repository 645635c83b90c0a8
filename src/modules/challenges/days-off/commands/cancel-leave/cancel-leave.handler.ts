import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '../../../../../common/clock.js';
import { isValidDate } from '../../../../../common/time.js';
import { AppConfig } from '../../../../../config/app-config.js';
import { ChallengeErrors } from '../../../challenges.errors.js';
import { leaveTimingProblem } from '../../domain/leave-rules.js';
import { LeaveRepository } from '../../infrastructure/leave.repository.js';
import { CancelLeaveCommand } from './cancel-leave.command.js';

@CommandHandler(CancelLeaveCommand)
export class CancelLeaveHandler implements ICommandHandler<CancelLeaveCommand, { date: string }> {
  constructor(
    @Inject(LeaveRepository) private readonly leave: LeaveRepository,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ userId, date }: CancelLeaveCommand): Promise<{ date: string }> {
    if (!isValidDate(date)) throw ChallengeErrors.leaveInvalid('date must be a date in the form YYYY-MM-DD');
    if (!(await this.leave.isOnLeave(userId, date))) throw ChallengeErrors.leaveNotFound(date);
    const timing = leaveTimingProblem(date, this.clock.now(), this.config.appTimezone);
    if (timing) throw ChallengeErrors.leaveInvalid(timing.replace('had to be booked', 'can only be removed'));
    if (!(await this.leave.deleteLeave(userId, date))) throw ChallengeErrors.leaveNotFound(date);
    return { date };
  }
}
