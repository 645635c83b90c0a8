import { Get, HttpCode, Inject, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiQuery } from '@nestjs/swagger';
import { AuthUser, CurrentUser } from '../../common/auth/auth.decorators.js';
import { AccessLogRepository } from './infrastructure/access-log.repository.js';
import { JOB_STATES, JobListState, SupportQueuesService } from './infrastructure/support-queues.service.js';
import { SupportErrors } from './support.views.js';
import { SupportConsole } from './support-console.decorator.js';

/** Support console: the BullMQ queues (counts, jobs, retry of a failed job): a dashboard page that works with the bearer token. */
@SupportConsole('support/queues', 'own')
export class SupportQueuesController {
  constructor(
    @Inject(SupportQueuesService) private readonly queues: SupportQueuesService,
    @Inject(AccessLogRepository) private readonly access: AccessLogRepository,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Every queue with its counts of waiting, active, failed, delayed and completed jobs' })
  async list(@CurrentUser() actor: AuthUser) {
    const queues = await this.queues.list();
    await this.record(actor, 'queues.list', 'queues', { queues: queues.length });
    return { success: true, data: { queues } };
  }

  @Get(':name/jobs')
  @ApiOperation({ summary: "A queue's jobs in one state (data without secrets)" })
  @ApiQuery({ name: 'state', required: false, enum: JOB_STATES })
  @ApiQuery({ name: 'limit', required: false, type: Number })
  async jobs(@CurrentUser() actor: AuthUser, @Param('name') name: string, @Query('state') state?: string, @Query('limit') limit?: string) {
    const s = (state ?? 'failed') as JobListState;
    if (!JOB_STATES.includes(s)) throw SupportErrors.invalid(`state must be one of ${JOB_STATES.join(', ')}`);
    const n = limit === undefined ? 20 : Number(limit);
    if (!Number.isInteger(n) || n < 1 || n > 100) throw SupportErrors.invalid('limit must be an integer from 1 to 100');
    const jobs = await this.queues.jobs(name, s, n);
    await this.record(actor, 'queue.jobs', `queue:${name}`, { state: s, jobs: jobs.length });
    return { success: true, data: { queue: name, state: s, jobs } };
  }

  @Post(':name/jobs/:id/retry')
  @HttpCode(200)
  @ApiOperation({ summary: 'Retry a failed job (the job itself is idempotent; nothing is posted by this request)' })
  async retry(@CurrentUser() actor: AuthUser, @Param('name') name: string, @Param('id') id: string) {
    const result = await this.queues.retry(name, id);
    await this.record(actor, 'queue.retry', `queue:${name}:job:${id}`, {});
    return { success: true, data: result };
  }

  private record(actor: AuthUser, action: string, target: string, details: Record<string, unknown>) {
    return this.access.record({ actorId: actor.id, actorEmail: actor.email, subjectUserId: null, action, target, details });
  }
}
