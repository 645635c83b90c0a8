import { Get, HttpCode, Inject, Param, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiQuery } from '@nestjs/swagger';
import { AuthUser, CurrentUser } from '../../common/auth/auth.decorators.js';
import { RetryFailedJobCommand } from './commands/retry-failed-job/retry-failed-job.command.js';
import { JOB_STATES } from './domain/queues.js';
import { GetQueuesQuery } from './queries/get-queues/get-queues.query.js';
import { ListQueueJobsQuery } from './queries/list-queue-jobs/list-queue-jobs.query.js';
import { SupportConsole } from './support-console.decorator.js';

/** Support console: the BullMQ queues (counts, jobs, retry of a failed job): a dashboard page that works with the bearer token. */
@SupportConsole('support/queues', 'own')
export class SupportQueuesController {
  constructor(
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(CommandBus) private readonly commandBus: CommandBus,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Every queue with its counts of waiting, active, failed, delayed and completed jobs' })
  async list(@CurrentUser() actor: AuthUser) {
    return { success: true, data: await this.queryBus.execute(new GetQueuesQuery(actor)) };
  }

  @Get(':name/jobs')
  @ApiOperation({ summary: "A queue's jobs in one state (data without secrets)" })
  @ApiQuery({ name: 'state', required: false, enum: JOB_STATES })
  @ApiQuery({ name: 'limit', required: false, type: Number })
  async jobs(@CurrentUser() actor: AuthUser, @Param('name') name: string, @Query('state') state?: string, @Query('limit') limit?: string) {
    return { success: true, data: await this.queryBus.execute(new ListQueueJobsQuery(actor, name, state, limit)) };
  }

  @Post(':name/jobs/:id/retry')
  @HttpCode(200)
  @ApiOperation({ summary: 'Retry a failed job (the job itself is idempotent; nothing is posted by this request)' })
  async retry(@CurrentUser() actor: AuthUser, @Param('name') name: string, @Param('id') id: string) {
    return { success: true, data: await this.commandBus.execute(new RetryFailedJobCommand(actor, name, id)) };
  }
}
