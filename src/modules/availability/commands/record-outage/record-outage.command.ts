import { Command } from '@nestjs/cqrs';
import type { OutageKind } from '../../domain/outage-rules.js';
import type { OutageView } from '../../domain/outage-view.js';

/**
 * Support records an incident the recorder cannot see (a mobile network, a DNS provider, a partial failure): a staff
 * action, with the staff member's id on the row. endedAt null: still going on (close it with CloseOutageCommand).
 * Settlement forgives the misses whose window it overlaps from the next settlement of their date on.
 */
export class RecordOutageCommand extends Command<OutageView> {
  constructor(readonly input: { kind: OutageKind; startedAt: Date; endedAt: Date | null; detail: string; actorId: string }) {
    super();
  }
}
