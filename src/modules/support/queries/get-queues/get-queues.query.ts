import { Query } from '@nestjs/cqrs';
import type { QueueSummary } from '../../domain/queues.js';
import type { SupportActor } from '../../domain/access-log.js';

/** Every queue with its job counts (the look is recorded). */
export class GetQueuesQuery extends Query<{ queues: QueueSummary[] }> {
  constructor(readonly actor: SupportActor) {
    super();
  }
}
