import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '../../../../common/clock.js';
import { AppConfig } from '../../../../config/app-config.js';
import { ChallengesService } from '../../challenges.service.js';
import { ChallengeErrors } from '../../challenges.errors.js';
import { leaveLimitProblem, leaveTimingProblem } from '../../domain/leave-rules.js';
import { retryingTransaction } from '../../infrastructure/sql.js';
import { WakeRepository } from '../../infrastructure/wake.repository.js';
import { BookLeaveCommand, BookLeaveResult } from './book-leave.command.js';
import { ChallengeExcused } from '../../events/challenge-events.js';

/**
 * Under the user's account lock (two bookings at once cannot both take the month's last day) and the date's leave
 * lock (a challenge created at the same moment is either seen and excused here, or refused there).
 */
@CommandHandler(BookLeaveCommand)
export class BookLeaveHandler implements ICommandHandler<BookLeaveCommand, BookLeaveResult> {
  constructor(
    @Inject(WakeRepository) private readonly wake: WakeRepository,
    @Inject(ChallengesService) private readonly challenges: ChallengesService,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ userId, date }: BookLeaveCommand): Promise<BookLeaveResult> {
    const now = this.clock.now();
    const timing = leaveTimingProblem(date, now, this.config.appTimezone);
    if (timing) throw ChallengeErrors.leaveInvalid(timing);
    const excused = await retryingTransaction(() =>
      this.wake.ds.transaction(async (m) => {
        await this.wake.lockAccount(m, userId, now);
        await this.wake.lockLeaveDate(m, userId, date);
        if (await this.wake.isOnLeave(userId, date, m)) throw ChallengeErrors.alreadyOnLeave(date);
        const limit = leaveLimitProblem(date, await this.wake.leaveInMonth(m, userId, date), this.config.leaveDaysPerMonth);
        if (limit) throw ChallengeErrors.leaveInvalid(limit);
        await this.wake.insertLeave(m, userId, date, now);
        const out: BookLeaveResult['excused'] = [];
        for (const id of await this.wake.pendingOn(m, userId, date)) {
          const e = await this.wake.excuse(m, { id, userId }, 'LEAVE', now);
          if (e) out.push({ challengeId: id, refunded: e.stake });
        }
        return out;
      }),
    );
    for (const e of excused) {
      await this.challenges.notify(new ChallengeExcused({ id: e.challengeId, userId, date, refunded: e.refunded, kind: 'LEAVE' }));
    }
    return { date, excused };
  }
}
