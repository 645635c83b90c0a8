import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { Clock } from '../../../../common/clock.js';
import { addDays, zonedParts } from '../../../../common/time.js';
import { AppConfig } from '../../../../config/app-config.js';
import { CloseMissedChallengesCommand } from '../../../challenges/day/commands/close-missed-challenges/close-missed-challenges.command.js';
import { GetSettleableChallengesQuery } from '../../../challenges/day/queries/get-settleable-challenges/get-settleable-challenges.query.js';
import { SettlementQueue } from '../../infrastructure/settlement.queue.js';
import { SettlementRepository } from '../../infrastructure/settlement.repository.js';
import { CATCH_UP_DAYS } from '../../settlement.constants.js';
import { EnqueueDueSettlementsCommand } from './enqueue-due-settlements.command.js';

@CommandHandler(EnqueueDueSettlementsCommand)
export class EnqueueDueSettlementsHandler implements ICommandHandler<EnqueueDueSettlementsCommand> {
  constructor(
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(SettlementRepository) private readonly repo: SettlementRepository,
    @Inject(SettlementQueue) private readonly queue: SettlementQueue,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async execute(): Promise<{ dates: string[] }> {
    const today = zonedParts(this.clock.now(), this.config.appTimezone).date;
    await this.commandBus.execute(new CloseMissedChallengesCommand(null));
    const dates = new Set<string>([today, ...(await this.repo.unfinishedDates())]);
    for (let d = CATCH_UP_DAYS; d >= 1; d--) {
      const date = addDays(today, -d);
      if ((await this.queryBus.execute(new GetSettleableChallengesQuery(date, null, 1))).length > 0) dates.add(date);
    }
    const sorted = [...dates].sort();
    for (const date of sorted) await this.queue.enqueueSettle(date);
    return { dates: sorted };
  }
}
