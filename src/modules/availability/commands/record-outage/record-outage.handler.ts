import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '../../../../common/clock.js';
import { AvailabilityErrors } from '../../availability.errors.js';
import { manualOutageProblem } from '../../domain/outage-rules.js';
import { OutageView, outageView } from '../../domain/outage-view.js';
import { AvailabilityRepository } from '../../infrastructure/availability.repository.js';
import { RecordOutageCommand } from './record-outage.command.js';

@CommandHandler(RecordOutageCommand)
export class RecordOutageHandler implements ICommandHandler<RecordOutageCommand, OutageView> {
  constructor(
    @Inject(AvailabilityRepository) private readonly repo: AvailabilityRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ input }: RecordOutageCommand): Promise<OutageView> {
    const now = this.clock.now();
    const problem = manualOutageProblem(input, now);
    if (problem) throw AvailabilityErrors.invalid(problem);
    const row = await this.repo.insertOutage(
      this.repo.dataSource,
      { kind: input.kind, startedAt: input.startedAt, endedAt: input.endedAt, detail: input.detail.trim(), source: 'support', recordedBy: input.actorId },
      now,
    );
    return outageView(row);
  }
}
