import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '../../../../../common/clock.js';
import { TransactionalEvents } from '../../../../../common/transactional-events.js';
import { ChallengeRepository } from '../../../shared/infrastructure/challenge.repository.js';
import { CloseMissedChallengesCommand } from './close-missed-challenges.command.js';
import { ResolveStillAwakeChecksCommand } from '../../../wake/commands/resolve-still-awake-checks/resolve-still-awake-checks.command.js';
import { ChallengeMissed } from '../../../events/challenge-events.js';

const BATCH = 1000;

/**
 * Closes PENDING challenges whose window has passed as failed. The UPDATE's WHERE status = 'PENDING'
 * makes each row close exactly once, so only the rows this run closed get a notification.
 */
@CommandHandler(CloseMissedChallengesCommand)
export class CloseMissedChallengesHandler implements ICommandHandler<CloseMissedChallengesCommand, { closed: number }> {
  constructor(
    @Inject(ChallengeRepository) private readonly challenges: ChallengeRepository,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(TransactionalEvents) private readonly events: TransactionalEvents,
    @Inject(CommandBus) private readonly commandBus: CommandBus,
  ) {}

  async execute({ date }: CloseMissedChallengesCommand): Promise<{ closed: number }> {
    const now = this.clock.now();
    let closed = 0;
    for (;;) {
      const rows = await this.challenges.closeMissed(now, date, BATCH);
      closed += rows.length;
      for (const r of rows) {
        await this.events.publish(new ChallengeMissed({ id: r.id, userId: r.user_id, date: r.challenge_date, wakeUpTime: r.wake_up_time }));
      }
      if (rows.length < BATCH) break;
    }
    // the same sweep (every 30 s, and first thing in a settlement) closes still-awake checks past their deadline
    await this.commandBus.execute(new ResolveStillAwakeChecksCommand());
    return { closed };
  }
}
