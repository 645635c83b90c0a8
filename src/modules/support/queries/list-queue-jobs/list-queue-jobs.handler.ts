import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { JOB_STATES, JobListState, QueueJobView } from '../../domain/queues.js';
import { AccessLogRepository } from '../../infrastructure/access-log.repository.js';
import { SupportQueuesService } from '../../infrastructure/support-queues.service.js';
import { SupportErrors } from '../../support.errors.js';
import { ListQueueJobsQuery } from './list-queue-jobs.query.js';

@QueryHandler(ListQueueJobsQuery)
export class ListQueueJobsHandler implements IQueryHandler<ListQueueJobsQuery, { queue: string; state: JobListState; jobs: QueueJobView[] }> {
  constructor(
    @Inject(SupportQueuesService) private readonly queues: SupportQueuesService,
    @Inject(AccessLogRepository) private readonly access: AccessLogRepository,
  ) {}

  async execute({ actor, name, state, limit }: ListQueueJobsQuery) {
    const s = (state ?? 'failed') as JobListState;
    if (!JOB_STATES.includes(s)) throw SupportErrors.invalid(`state must be one of ${JOB_STATES.join(', ')}`);
    const n = limit === undefined ? 20 : Number(limit);
    if (!Number.isInteger(n) || n < 1 || n > 100) throw SupportErrors.invalid('limit must be an integer from 1 to 100');
    const jobs = await this.queues.jobs(name, s, n);
    await this.access.recordBy(actor, null, 'queue.jobs', `queue:${name}`, { state: s, jobs: jobs.length });
    return { queue: name, state: s, jobs };
  }
}
