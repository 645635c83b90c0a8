import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '../../../../../common/clock.js';
import { TransactionalEvents } from '../../../../../common/transactional-events.js';
import { AppConfig } from '../../../../../config/app-config.js';
import { ChallengeErrors } from '../../../challenges.errors.js';
import { leaveLimitProblem, leaveTimingProblem } from '../../domain/leave-rules.js';
import { retryingTransaction } from '../../../shared/infrastructure/sql.js';
import { ChallengeRepository } from '../../../shared/infrastructure/challenge.repository.js';
import { LeaveRepository } from '../../infrastructure/leave.repository.js';
import { WakeAccountRepository } from '../../../wake/infrastructure/wake-account.repository.js';
import { BookLeaveCommand, BookLeaveResult } from './book-leave.command.js';
import { ChallengeExcused } from '../../../events/challenge-events.js';

/**
 * Under the user's account lock (two bookings at once cannot both take the month's last day) and the date's leave
 * lock (a challenge created at the same moment is either seen and excused here, or refused there).
 */
@CommandHandler(BookLeaveCommand)
export class BookLeaveHandler implements ICommandHandler<BookLeaveCommand, BookLeaveResult> {
  constructor(
    @Inject(LeaveRepository) private readonly leave: LeaveRepository,
    @Inject(WakeAccountRepository) private readonly accounts: WakeAccountRepository,
    @Inject(ChallengeRepository) private readonly challenges: ChallengeRepository,
    @Inject(TransactionalEvents) private readonly events: TransactionalEvents,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ userId, date }: BookLeaveCommand): Promise<BookLeaveResult> {
    const now = this.clock.now();
    const timing = leaveTimingProblem(date, now, this.config.appTimezone);
    if (timing) throw ChallengeErrors.leaveInvalid(timing);
    const excused = await retryingTransaction(() =>
      this.leave.transaction(async (m) => {
        await this.accounts.lockAccount(m, userId, now);
        await this.leave.lockLeaveDate(m, userId, date);
        if (await this.leave.isOnLeave(userId, date, m)) throw ChallengeErrors.alreadyOnLeave(date);
        const limit = leaveLimitProblem(date, await this.leave.leaveInMonth(m, userId, date), this.config.leaveDaysPerMonth);
        if (limit) throw ChallengeErrors.leaveInvalid(limit);
        await this.leave.insertLeave(m, userId, date, now);
        const out: BookLeaveResult['excused'] = [];
        for (const id of await this.challenges.pendingOn(m, userId, date)) {
          const e = await this.challenges.excuse(m, { id, userId }, 'LEAVE', now);
          if (e) out.push({ challengeId: id, refunded: e.stake });
        }
        return out;
      }),
    );
    for (const e of excused) {
      await this.events.publish(new ChallengeExcused({ id: e.challengeId, userId, date, refunded: e.refunded, kind: 'LEAVE' }));
    }
    return { date, excused };
  }
}
