import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AccessLogRepository } from '../../infrastructure/access-log.repository.js';
import { SupportQueuesService } from '../../infrastructure/support-queues.service.js';
import { RetryFailedJobCommand } from './retry-failed-job.command.js';

@CommandHandler(RetryFailedJobCommand)
export class RetryFailedJobHandler implements ICommandHandler<RetryFailedJobCommand, { queue: string; id: string; state: string }> {
  constructor(
    @Inject(SupportQueuesService) private readonly queues: SupportQueuesService,
    @Inject(AccessLogRepository) private readonly access: AccessLogRepository,
  ) {}

  async execute({ actor, name, id }: RetryFailedJobCommand) {
    const result = await this.queues.retry(name, id);
    await this.access.recordBy(actor, null, 'queue.retry', `queue:${name}:job:${id}`, {});
    return result;
  }
}
