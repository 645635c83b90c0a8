import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '../../../../common/clock.js';
import { AvailabilityErrors } from '../../availability.errors.js';
import { OutageView, outageView } from '../../domain/outage-view.js';
import { AvailabilityRepository } from '../../infrastructure/availability.repository.js';
import { CloseOutageCommand } from './close-outage.command.js';

@CommandHandler(CloseOutageCommand)
export class CloseOutageHandler implements ICommandHandler<CloseOutageCommand, OutageView> {
  constructor(
    @Inject(AvailabilityRepository) private readonly repo: AvailabilityRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ input }: CloseOutageCommand): Promise<OutageView> {
    const now = this.clock.now();
    const o = await this.repo.byId(input.outageId);
    if (!o) throw AvailabilityErrors.notFound();
    if (o.endedAt) throw AvailabilityErrors.invalid(`This outage has ended already (${o.endedAt.toISOString()})`);
    if (input.endedAt <= o.startedAt) throw AvailabilityErrors.invalid('endedAt must be after the outage started');
    if (input.endedAt > now) throw AvailabilityErrors.invalid('endedAt must not be in the future');
    const row = await this.repo.updateSpan(this.repo.dataSource, o.id, o.startedAt, input.endedAt, now);
    return outageView(row!);
  }
}
