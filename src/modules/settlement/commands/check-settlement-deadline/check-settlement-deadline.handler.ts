import { Inject, Logger } from '@nestjs/common';
import { CommandBus, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { Clock } from '../../../../common/clock.js';
import { zonedParts } from '../../../../common/time.js';
import { AppConfig } from '../../../../config/app-config.js';
import { CloseMissedChallengesCommand } from '../../../challenges/day/commands/close-missed-challenges/close-missed-challenges.command.js';
import { GetSettleableChallengesQuery } from '../../../challenges/day/queries/get-settleable-challenges/get-settleable-challenges.query.js';
import { SettlementRepository } from '../../infrastructure/settlement.repository.js';
import { CheckSettlementDeadlineCommand } from './check-settlement-deadline.command.js';

@CommandHandler(CheckSettlementDeadlineCommand)
export class CheckSettlementDeadlineHandler implements ICommandHandler<CheckSettlementDeadlineCommand> {
  private readonly logger = new Logger('Settlement');

  constructor(
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(SettlementRepository) private readonly repo: SettlementRepository,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async execute(cmd: CheckSettlementDeadlineCommand): Promise<{ date: string; settled: boolean; alerted: boolean }> {
    const now = this.clock.now();
    const date = cmd.date ?? zonedParts(now, this.config.appTimezone).date;
    await this.commandBus.execute(new CloseMissedChallengesCommand(date));
    const runs = await this.repo.runsOfDate(date);
    const unfinished = runs.filter((r) => r.status !== 'SETTLED');
    const waiting = (await this.queryBus.execute(new GetSettleableChallengesQuery(date, null, 1))).length > 0;
    if (unfinished.length === 0 && !waiting) return { date, settled: true, alerted: false };

    const failed = unfinished.find((r) => r.status === 'FAILED');
    const kind = failed ? 'FAILED' : 'LATE';
    const message = failed
      ? `Settlement of ${date} batch ${failed.batchNo} FAILED after ${failed.attempts} attempt(s): ${failed.lastError ?? 'unknown error'}`
      : `Settlement of ${date} is not done by the 15:00 deadline (${unfinished.length} batch(es) unfinished${waiting ? ', closed challenges waiting' : ''})`;
    this.logger.error(message);
    const alerted = await this.repo.insertAlert(date, kind, message, now);
    return { date, settled: false, alerted };
  }
}
