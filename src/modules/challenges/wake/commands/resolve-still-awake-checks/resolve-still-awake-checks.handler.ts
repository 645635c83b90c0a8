import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '../../../../../common/clock.js';
import { TransactionalEvents } from '../../../../../common/transactional-events.js';
import { closeUnanswered, STILL_AWAKE_FAILURE } from '../../domain/still-awake-rules.js';
import { ChallengeRepository } from '../../../shared/infrastructure/challenge.repository.js';
import { StillAwakeRepository } from '../../infrastructure/still-awake.repository.js';
import { ResolveStillAwakeChecksCommand } from './resolve-still-awake-checks.command.js';
import { StillAwakeMissed } from '../../../events/challenge-events.js';

const BATCH = 1000;

@CommandHandler(ResolveStillAwakeChecksCommand)
export class ResolveStillAwakeChecksHandler implements ICommandHandler<ResolveStillAwakeChecksCommand, { missed: number; voided: number }> {
  constructor(
    @Inject(StillAwakeRepository) private readonly checks: StillAwakeRepository,
    @Inject(ChallengeRepository) private readonly challenges: ChallengeRepository,
    @Inject(TransactionalEvents) private readonly events: TransactionalEvents,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(): Promise<{ missed: number; voided: number }> {
    const now = this.clock.now();
    let missed = 0;
    let voided = 0;
    for (;;) {
      // the check's outcome and its morning's failure commit together: settlement never sees one without the other
      const { failed, count } = await this.checks.transaction(async (m) => {
        const due = await this.checks.lockExpired(m, now, BATCH);
        const closed = due.map((c) => ({ challengeId: c.challengeId, outcome: closeUnanswered(c) }));
        await this.checks.close(m, closed, now);
        voided += closed.filter((c) => c.outcome === 'VOID').length;
        const failedIds = closed.filter((c) => c.outcome === 'MISSED').map((c) => c.challengeId);
        return { failed: await this.challenges.failMornings(m, failedIds, STILL_AWAKE_FAILURE), count: due.length };
      });
      missed += failed.length;
      for (const f of failed) {
        await this.events.publish(new StillAwakeMissed({ id: f.id, userId: f.userId, date: f.challengeDate }));
      }
      if (count < BATCH) break;
    }
    return { missed, voided };
  }
}
