import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import { Queue } from 'bullmq';
import { SupportErrors } from '../support.errors.js';
import { RedisService } from '../../../common/redis.module.js';
import { JobListState, KNOWN_QUEUES, QueueJobView, QueueSummary } from '../domain/queues.js';
import { redactSecrets } from '../domain/redact.js';

const iso = (ms: number | undefined | null) => (ms ? new Date(ms).toISOString() : null);

/**
 * Reads the queues with the app's own connection and prefix (the injected queues'). Besides the known ones it lists any
 * other queue found under the prefix in Redis (a queue registered by a later module shows up without a code change).
 */
@Injectable()
export class SupportQueuesService implements OnModuleDestroy {
  private readonly queues = new Map<string, Queue>();
  private readonly owned: Queue[] = [];

  constructor(
    @InjectQueue('settlement') settlement: Queue,
    @InjectQueue('challenges') challenges: Queue,
    @InjectQueue('payouts') payouts: Queue,
    @Inject(RedisService) private readonly redis: RedisService,
  ) {
    for (const q of [settlement, challenges, payouts]) this.queues.set(q.name, q);
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all(this.owned.map((q) => q.close().catch(() => undefined)));
  }

  private get base(): Queue {
    return this.queues.get('settlement')!;
  }

  /** Queue names found in Redis under the prefix (`<prefix>:<name>:id` is the job id counter of every queue that had a job). */
  private async discovered(): Promise<string[]> {
    const client = this.redis.client;
    const prefix = this.base.opts.prefix ?? 'bull';
    const names = new Set<string>();
    let cursor = '0';
    let rounds = 0;
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}:*:id`, 'COUNT', 1000);
      for (const k of keys) {
        const name = k.slice(prefix.length + 1, -3);
        if (/^[A-Za-z0-9_.-]{1,100}$/.test(name)) names.add(name);
      }
      cursor = next;
    } while (cursor !== '0' && ++rounds < 50);
    return [...names];
  }

  async names(): Promise<string[]> {
    const found = await this.discovered();
    return [...KNOWN_QUEUES, ...found.filter((n) => !(KNOWN_QUEUES as readonly string[]).includes(n)).sort()];
  }

  private async queue(name: string): Promise<Queue> {
    const known = this.queues.get(name);
    if (known) return known;
    const isKnown = (KNOWN_QUEUES as readonly string[]).includes(name);
    if (!isKnown && !(await this.discovered()).includes(name)) throw SupportErrors.queueNotFound(name);
    const q = new Queue(name, { connection: this.base.opts.connection, prefix: this.base.opts.prefix });
    this.queues.set(name, q);
    this.owned.push(q);
    return q;
  }

  async list(): Promise<QueueSummary[]> {
    return Promise.all(
      (await this.names()).map(async (name) => {
        const q = await this.queue(name);
        const c = await q.getJobCounts('waiting', 'active', 'failed', 'delayed', 'completed', 'prioritized');
        return {
          name,
          isPaused: await q.isPaused(),
          counts: {
            waiting: (c.waiting ?? 0) + (c.prioritized ?? 0),
            active: c.active ?? 0,
            failed: c.failed ?? 0,
            delayed: c.delayed ?? 0,
            completed: c.completed ?? 0,
          },
        };
      }),
    );
  }

  async jobs(name: string, state: JobListState, limit: number): Promise<QueueJobView[]> {
    const q = await this.queue(name);
    const types = state === 'waiting' ? (['waiting', 'prioritized'] as const) : [state];
    const jobs = await q.getJobs([...types], 0, limit - 1, false);
    return jobs.filter(Boolean).map((j) => ({
      id: j.id ?? null,
      name: j.name,
      data: redactSecrets(j.data),
      failedReason: j.failedReason || null,
      attemptsMade: j.attemptsMade,
      timestamp: iso(j.timestamp),
      processedOn: iso(j.processedOn),
      finishedOn: iso(j.finishedOn),
      delay: j.delay ?? 0,
    }));
  }

  async retry(name: string, id: string): Promise<{ queue: string; id: string; state: string }> {
    const q = await this.queue(name);
    const job = await q.getJob(id);
    if (!job) throw SupportErrors.jobNotFound(id, name);
    if (!(await job.isFailed())) throw SupportErrors.jobNotFailed();
    await job.retry('failed');
    return { queue: name, id, state: await q.getJobState(id) };
  }
}
