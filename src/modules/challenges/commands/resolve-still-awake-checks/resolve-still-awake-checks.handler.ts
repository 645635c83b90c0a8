import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '../../../../common/clock.js';
import { ChallengesService } from '../../challenges.service.js';
import { closeUnanswered, STILL_AWAKE_FAILURE } from '../../domain/still-awake-rules.js';
import { WakeRepository } from '../../infrastructure/wake.repository.js';
import { ResolveStillAwakeChecksCommand } from './resolve-still-awake-checks.command.js';
import { StillAwakeMissed } from '../../events/challenge-events.js';

const BATCH = 1000;

@CommandHandler(ResolveStillAwakeChecksCommand)
export class ResolveStillAwakeChecksHandler implements ICommandHandler<ResolveStillAwakeChecksCommand, { missed: number; voided: number }> {
  constructor(
    @Inject(WakeRepository) private readonly wake: WakeRepository,
    @Inject(ChallengesService) private readonly challenges: ChallengesService,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(): Promise<{ missed: number; voided: number }> {
    const now = this.clock.now();
    let missed = 0;
    let voided = 0;
    for (;;) {
      // the check's outcome and its morning's failure commit together: settlement never sees one without the other
      const { failed, count } = await this.wake.ds.transaction(async (m) => {
        const due = await this.wake.lockExpired(m, now, BATCH);
        const closed = due.map((c) => ({ challengeId: c.challengeId, outcome: closeUnanswered(c) }));
        await this.wake.close(m, closed, now);
        voided += closed.filter((c) => c.outcome === 'VOID').length;
        const failedIds = closed.filter((c) => c.outcome === 'MISSED').map((c) => c.challengeId);
        return { failed: await this.wake.failMornings(m, failedIds, STILL_AWAKE_FAILURE), count: due.length };
      });
      missed += failed.length;
      for (const f of failed) {
        await this.challenges.notify(new StillAwakeMissed({ id: f.id, userId: f.userId, date: f.challengeDate }));
      }
      if (count < BATCH) break;
    }
    return { missed, voided };
  }
}
