import { Inject, Logger } from '@nestjs/common';
import { InjectQueue, OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { CommandBus } from '@nestjs/cqrs';
import { DelayedError, Job, Queue, WaitingChildrenError } from 'bullmq';
import { DomainError } from '../../../common/errors/domain-error.js';
import { CheckSettlementDeadlineCommand } from '../commands/check-settlement-deadline/check-settlement-deadline.command.js';
import { EnqueueDueSettlementsCommand } from '../commands/enqueue-due-settlements/enqueue-due-settlements.command.js';
import { RecordSettlementFailureCommand } from '../commands/record-settlement-failure/record-settlement-failure.command.js';
import { SettleDateCommand } from '../commands/settle-date/settle-date.command.js';
import { SETTLEMENT_QUEUE, SettlementJob, settlementConcurrency, settlementParts, userRange } from '../settlement.constants.js';

interface SettleDateData {
  date?: string;
  /** when the day is split into parts: the step reached (plan → losers' parts → winners' parts → finish) */
  step?: 'winners' | 'finish';
  closed?: number;
  runIds?: string[];
}

const BUSY_RETRY_MS = 2_000;

/** JSON for a job's return value (bigint paise become strings). */
const plain = (v: unknown): unknown => JSON.parse(JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? String(x) : x)));

/**
 * Each job sends the settlement command: the whole day, or (SETTLEMENT_PARTS > 1) one of its steps, in the order
 * settleInParts keeps with BullMQ child jobs; what each step does is the handler's. A short lock and stalled check so a killed worker's job is taken over within
 * seconds; the settlement itself resumes from its stored plan and pays nothing twice.
 */
@Processor(SETTLEMENT_QUEUE, { concurrency: settlementConcurrency(), lockDuration: 10_000, stalledInterval: 5_000, maxStalledCount: 3 })
export class SettlementProcessor extends WorkerHost {
  private readonly logger = new Logger('SettlementProcessor');

  constructor(
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @InjectQueue(SETTLEMENT_QUEUE) private readonly queue: Queue,
  ) {
    super();
  }

  async process(job: Job<{ date?: string }>, token?: string): Promise<unknown> {
    switch (job.name) {
      case SettlementJob.SETTLE_DATE:
        try {
          const parts = settlementParts();
          if (parts > 1) return plain(await this.settleInParts(job as Job<SettleDateData>, token, parts));
          return plain(await this.commandBus.execute(new SettleDateCommand(String(job.data.date))));
        } catch (e) {
          if (e instanceof WaitingChildrenError) throw e;
          // Another process holds the date: come back shortly without spending one of the job's attempts.
          if (e instanceof DomainError && e.code === 'SETTLEMENT.BUSY' && token) {
            await job.moveToDelayed(Date.now() + BUSY_RETRY_MS, token);
            throw new DelayedError();
          }
          throw e;
        }
      case SettlementJob.SETTLE_PART: {
        const {
          date = '',
          runId,
          winners,
          from,
          to,
        } = job.data as unknown as { date?: string; runId: string; winners: boolean; from: string; to: string | null };
        const { linesPaid } = await this.commandBus.execute(new SettleDateCommand(date, { kind: 'pay', runId, winners, from, to }));
        return { paid: linesPaid };
      }
      case SettlementJob.DAILY:
        return this.commandBus.execute(new EnqueueDueSettlementsCommand());
      case SettlementJob.DEADLINE:
        return this.commandBus.execute(new CheckSettlementDeadlineCommand(job.data.date ?? null));
      default:
        throw new Error(`No handler for settlement job "${job.name}"`);
    }
  }

  /**
   * The day split into child jobs by user range: plan, then the losers' parts (they fund the pool) and wait for
   * them, then the winners' parts and wait, then finish. The step is kept in the job's data, so a worker that picks
   * the job up again (after a crash or after its children) continues where it was; child ids are deterministic.
   */
  private async settleInParts(job: Job<SettleDateData>, token: string | undefined, parts: number): Promise<unknown> {
    if (!token) throw new Error('settle-date in parts needs a worker token');
    const date = String(job.data.date);
    let data = job.data;
    if (!data.step) {
      const { closed, runIds = [] } = await this.commandBus.execute(new SettleDateCommand(date, { kind: 'plan' }));
      data = { date, step: 'winners', closed, runIds };
      await this.addParts(job, runIds, false, parts);
      await job.updateData(data);
      if (await job.moveToWaitingChildren(token)) throw new WaitingChildrenError();
    }
    if (data.step === 'winners') {
      await this.addParts(job, data.runIds ?? [], true, parts);
      data = { ...data, step: 'finish' };
      await job.updateData(data);
      if (await job.moveToWaitingChildren(token)) throw new WaitingChildrenError();
    }
    const values = Object.values(await job.getChildrenValues()) as { paid?: number }[];
    const paid = values.reduce((s, v) => s + Number(v?.paid ?? 0), 0);
    return this.commandBus.execute(new SettleDateCommand(date, { kind: 'finish', closed: data.closed ?? 0, paidByParts: paid }));
  }

  private async addParts(job: Job<SettleDateData>, runIds: string[], winners: boolean, parts: number): Promise<void> {
    const jobs = runIds.flatMap((runId) =>
      Array.from({ length: parts }, (_, k) => ({
        name: SettlementJob.SETTLE_PART,
        data: { date: job.data.date, runId, winners, ...userRange(k, parts) },
        opts: {
          jobId: `settle-part-${runId}-${winners ? 'w' : 'l'}-${k}`,
          parent: { id: job.id!, queue: job.queueQualifiedName },
          failParentOnFailure: true,
          attempts: 5,
          backoff: { type: 'exponential' as const, delay: 5_000 },
          removeOnComplete: true,
          removeOnFail: { count: 500 },
        },
      })),
    );
    if (jobs.length > 0) await this.queue.addBulk(jobs);
  }

  @OnWorkerEvent('failed')
  async onFailed(job: Job<{ date?: string }> | undefined, error: Error): Promise<void> {
    if (!job) return;
    this.logger.warn(`Job ${job.name} ${job.id} failed (attempt ${job.attemptsMade}): ${error.message}`);
    if (job.name === SettlementJob.SETTLE_DATE && job.attemptsMade >= (job.opts.attempts ?? 1)) {
      await this.commandBus.execute(new RecordSettlementFailureCommand(String(job.data.date), error.message)).catch((e: Error) => {
        this.logger.error(`Could not record the failure of ${job.id}: ${e.message}`);
      });
    }
  }
}
