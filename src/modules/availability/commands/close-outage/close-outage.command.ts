import { Command } from '@nestjs/cqrs';
import type { OutageView } from '../../domain/outage-view.js';

/** Support sets the end of an outage (one it recorded, or a recorder's one still open); a staff action. */
export class CloseOutageCommand extends Command<OutageView> {
  constructor(readonly input: { outageId: string; endedAt: Date; actorId: string }) {
    super();
  }
}
