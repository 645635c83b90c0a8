import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { QueueSummary } from '../../domain/queues.js';
import { AccessLogRepository } from '../../infrastructure/access-log.repository.js';
import { SupportQueuesService } from '../../infrastructure/support-queues.service.js';
import { GetQueuesQuery } from './get-queues.query.js';

@QueryHandler(GetQueuesQuery)
export class GetQueuesHandler implements IQueryHandler<GetQueuesQuery, { queues: QueueSummary[] }> {
  constructor(
    @Inject(SupportQueuesService) private readonly queues: SupportQueuesService,
    @Inject(AccessLogRepository) private readonly access: AccessLogRepository,
  ) {}

  async execute({ actor }: GetQueuesQuery) {
    const queues = await this.queues.list();
    await this.access.recordBy(actor, null, 'queues.list', 'queues', { queues: queues.length });
    return { queues };
  }
}
