import { Logger } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { Queue, Worker } from 'bullmq';
import { currentRequestId, requestContext } from './request-context.js';

/** A job enqueued while a request runs carries the request's id in its data (unless it names one already). */
export function stampRequestId<T>(data: T): T {
  const requestId = currentRequestId();
  if (!requestId || !data || typeof data !== 'object' || Array.isArray(data) || 'requestId' in data) return data;
  return { ...data, requestId };
}

const queues = new Logger('Queues');

/** Queues of the app: add and addBulk stamp the current request id into the job's data. */
export class ContextQueue extends Queue {
  private lastWarned = 0;

  constructor(...args: ConstructorParameters<typeof Queue>) {
    super(...args);
    // Without a listener BullMQ prints every connection error to the console: one warning a minute instead.
    this.on('error', (err: Error) => {
      if (Date.now() - this.lastWarned < 60_000) return;
      this.lastWarned = Date.now();
      queues.warn(`queue ${this.name}: ${err.message}`);
    });
  }

  override add(...args: Parameters<Queue['add']>): ReturnType<Queue['add']> {
    const [name, data, opts] = args;
    return super.add(name, stampRequestId(data), opts);
  }

  override addBulk(...args: Parameters<Queue['addBulk']>): ReturnType<Queue['addBulk']> {
    const [jobs] = args;
    return super.addBulk(jobs.map((j) => ({ ...j, data: stampRequestId(j.data) })));
  }
}

type JobLike = { id?: string; name?: string; attemptsMade?: number; data?: { requestId?: unknown } };
type Processor = (job: JobLike, ...rest: unknown[]) => unknown;

const jobs = new Logger('Jobs');

/** Runs one job with a line when it ends (its outcome), so every job of a request leaves at least one line with its id. */
async function logged(queue: string, processor: Processor, job: JobLike, rest: unknown[]): Promise<unknown> {
  const what = `${queue} job ${job?.name} ${job?.id} (attempt ${(job?.attemptsMade ?? 0) + 1})`;
  try {
    const result = await processor(job, ...rest);
    jobs.log(`${what} done`);
    return result;
  } catch (e) {
    jobs.warn(`${what} failed: ${(e as Error)?.message ?? e}`);
    throw e;
  }
}

/** Workers of the app: a job that carries a request id runs in that request's context (its id in every log line). */
export class ContextWorker extends Worker {
  constructor(...args: ConstructorParameters<typeof Worker>) {
    const [name, processor, ...rest] = args;
    const wrapped =
      typeof processor === 'function'
        ? (((job, ...more) => {
            const id = job?.data?.requestId;
            const run = () => logged(name, processor as Processor, job, more);
            return typeof id === 'string' ? requestContext.run({ requestId: id }, run) : run();
          }) as Processor)
        : processor;
    super(name, wrapped as never, ...rest);
  }
}

// Before any module registers a queue (CoreModule, which imports this file, is imported ahead of the domain modules).
BullModule.queueClass = ContextQueue;
BullModule.workerClass = ContextWorker;
