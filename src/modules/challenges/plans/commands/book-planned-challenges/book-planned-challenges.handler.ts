import { Inject, Logger } from '@nestjs/common';
import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '../../../../../common/clock.js';
import { DomainError } from '../../../../../common/errors/domain-error.js';
import { toRupees } from '../../../../../common/money.js';
import { TransactionalEvents } from '../../../../../common/transactional-events.js';
import { zonedParts } from '../../../../../common/time.js';
import { AppConfig } from '../../../../../config/app-config.js';
import { datesDue } from '../../domain/plan-rules.js';
import { PlannedDaySkipped } from '../../../events/challenge-events.js';
import { PlanRepository } from '../../infrastructure/plan.repository.js';
import { LeaveRepository } from '../../../days-off/infrastructure/leave.repository.js';
import { CreateChallengeCommand } from '../../../day/commands/create-challenge/create-challenge.command.js';
import { BookPlannedChallengesCommand } from './book-planned-challenges.command.js';

@CommandHandler(BookPlannedChallengesCommand)
export class BookPlannedChallengesHandler implements ICommandHandler<BookPlannedChallengesCommand, { booked: number; skipped: number }> {
  private readonly logger = new Logger('ChallengePlans');

  constructor(
    @Inject(PlanRepository) private readonly plans: PlanRepository,
    @Inject(LeaveRepository) private readonly leave: LeaveRepository,
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(TransactionalEvents) private readonly events: TransactionalEvents,
  ) {}

  async execute(): Promise<{ booked: number; skipped: number }> {
    const now = this.clock.now();
    const tz = this.config.appTimezone;
    let booked = 0;
    let skipped = 0;
    for (const plan of await this.plans.activeFrom(zonedParts(now, tz).date)) {
      for (const day of datesDue(plan, now, tz)) {
        if (!(await this.plans.claimDay(plan.id, day, now))) continue;
        // a declared leave day is skipped quietly (the person asked for it: no "not booked" notice)
        if (await this.leave.isOnLeave(plan.userId, day)) {
          await this.plans.settleDay(plan.id, day, 'SKIPPED', null, 'On leave');
          skipped += 1;
          continue;
        }
        try {
          // The same path as a person booking by hand: every rule (balance, 18+, one a day) holds, nothing overdraws.
          // the plan's charity while the operator still lists it (else the default); ignored in pool mode
          const charityId = plan.charityId && this.config.charities.some((c) => c.id === plan.charityId) ? plan.charityId : undefined;
          const challenge = await this.commandBus.execute(
            new CreateChallengeCommand(plan.userId, {
              challengeDate: day,
              wakeUpTime: plan.wakeUpTime,
              forfeitAmount: toRupees(plan.stake),
              charityId,
              proof: plan.proof ?? 'NONE',
              mission: plan.mission ?? 'NONE',
            }),
          );
          await this.plans.settleDay(plan.id, day, 'BOOKED', challenge.id, null);
          booked += 1;
        } catch (e) {
          if (!(e instanceof DomainError)) {
            // not the person's doing (a database or Redis failure): let the next scan try this day again
            await this.plans.releaseDay(plan.id, day);
            this.logger.error(`booking plan ${plan.id} for ${day} failed: ${(e as Error).message}`);
            continue;
          }
          await this.plans.settleDay(plan.id, day, 'SKIPPED', null, e.message);
          skipped += 1;
          await this.events.publish(
            new PlannedDaySkipped({ id: plan.id, userId: plan.userId, date: day, wakeUpTime: plan.wakeUpTime, stake: plan.stake, reason: e.message }),
          );
        }
      }
    }
    return { booked, skipped };
  }
}
