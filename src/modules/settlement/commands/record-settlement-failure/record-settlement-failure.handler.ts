import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '../../../../common/clock.js';
import { SettlementRepository } from '../../infrastructure/settlement.repository.js';
import { RecordSettlementFailureCommand } from './record-settlement-failure.command.js';

@CommandHandler(RecordSettlementFailureCommand)
export class RecordSettlementFailureHandler implements ICommandHandler<RecordSettlementFailureCommand> {
  private readonly logger = new Logger('Settlement');

  constructor(
    @Inject(SettlementRepository) private readonly repo: SettlementRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ date, error }: RecordSettlementFailureCommand): Promise<void> {
    const now = this.clock.now();
    const message = `Settlement of ${date} failed after all retries: ${error}`;
    this.logger.error(message);
    await this.repo.markFailed(date, error, now);
    await this.repo.insertAlert(date, 'FAILED', message, now);
  }
}
