import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '../../../../../common/clock.js';
import { parseRupees } from '../../../../../common/money.js';
import { ChallengeErrors } from '../../../challenges.errors.js';
import { CAP_RULE, capProblem, changeCap, endPauseEarly, PAUSE_DAYS, PauseDays, SelfLimits, SelfLimitsView, startPause } from '../../domain/self-limits.js';
import { SelfLimitsRepository } from '../../infrastructure/self-limits.repository.js';
import { ChangeSelfLimitsCommand } from './change-self-limits.command.js';

/** PUT /me/limits and the pause: each change is decided on the limits row locked for it, then saved in the same transaction. */
@CommandHandler(ChangeSelfLimitsCommand)
export class ChangeSelfLimitsHandler implements ICommandHandler<ChangeSelfLimitsCommand, SelfLimitsView> {
  constructor(
    @Inject(SelfLimitsRepository) private readonly repo: SelfLimitsRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  execute({ userId, change }: ChangeSelfLimitsCommand): Promise<SelfLimitsView> {
    if (change.kind === 'cap') return this.setCap(userId, change.monthlyStakeCap);
    if (change.kind === 'pause') return this.pause(userId, change.days);
    return this.endPause(userId);
  }

  private async setCap(userId: string, raw: unknown): Promise<SelfLimitsView> {
    const cap = raw === null ? null : parseRupees(raw);
    if (cap === null && raw !== null) throw ChallengeErrors.invalid(CAP_RULE);
    const problem = capProblem(cap);
    if (problem) throw ChallengeErrors.invalid(problem);
    return this.change(userId, (l, now) => changeCap(l, cap, now));
  }

  private async pause(userId: string, days: unknown): Promise<SelfLimitsView> {
    if (!PAUSE_DAYS.includes(days as PauseDays)) throw ChallengeErrors.invalid(`days must be one of ${PAUSE_DAYS.join(', ')}`);
    return this.change(userId, (l, now) => startPause(l, days as PauseDays, now));
  }

  private async endPause(userId: string): Promise<SelfLimitsView> {
    return this.change(userId, (l, now) => {
      const ended = endPauseEarly(l, now);
      if (!ended) throw ChallengeErrors.invalid('You have no cooling-off pause to end');
      return ended;
    });
  }

  private async change(userId: string, decide: (l: SelfLimits, now: Date) => SelfLimits): Promise<SelfLimitsView> {
    const now = this.clock.now();
    const next = await this.repo.transaction(async (m) => {
      const decided = decide(await this.repo.lockForChange(userId, now, m), now);
      await this.repo.save(userId, decided, now, m);
      return decided;
    });
    return this.repo.view(userId, next);
  }
}
