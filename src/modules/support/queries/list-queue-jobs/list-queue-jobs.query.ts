import { Query } from '@nestjs/cqrs';
import type { JobListState, QueueJobView } from '../../domain/queues.js';
import type { SupportActor } from '../../domain/access-log.js';

/** A queue's jobs in one state (default failed; limit 1 to 100, default 20); the look is recorded. */
export class ListQueueJobsQuery extends Query<{ queue: string; state: JobListState; jobs: QueueJobView[] }> {
  constructor(
    readonly actor: SupportActor,
    readonly name: string,
    readonly state: string | undefined,
    readonly limit: string | undefined,
  ) {
    super();
  }
}
