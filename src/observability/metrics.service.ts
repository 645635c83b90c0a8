import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Interval } from '@nestjs/schedule';
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import type { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config.js';
import { tuning } from '../config/tuning.js';
import { RedisService } from '../common/redis.module.js';
import { zonedInstant } from '../common/time.js';

/** Queues whose depth is exported (names owned by their modules; strings here so this file imports none of them). */
export const METRIC_QUEUES = ['settlement', 'challenges', 'payouts', 'mail', 'notifications', 'challenge-plans'] as const;
/** Settlement of a date must be done by this wall-clock time of that date (CheckSettlementDeadline alerts at it). */
export const SETTLEMENT_DEADLINE = '15:00';
/** How often the database and queue figures are read (env METRICS_REFRESH_MS, config/tuning.ts); a scrape never reads them more often. */
export function metricsRefreshMs(): number {
  return tuning('METRICS_REFRESH_MS');
}
const READ_TIMEOUT_MS = 2_000;

/** Latency buckets of http_request_duration_seconds (seconds). */
export const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
interface HttpSeries {
  labels: { method: string; route: string; status_code: string };
  /** Observations per bucket (not cumulative); the last slot is above the largest bound. */
  buckets: Float64Array;
  sum: number;
  count: number;
}
type Sample = { metricName?: string; labels: Record<string, string | number>; value: number };

function within<T>(p: Promise<T>, ms: number): Promise<T> {
  return Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref())]);
}

const num = (v: unknown): number => (v === null || v === undefined ? NaN : Number(v));

/**
 * Prometheus metrics of one process (api or worker), in a registry of its own (two apps in one test process never
 * share series). HTTP series are fed by a Fastify hook; database and queue figures are read on a timer and before a
 * scrape that finds them older than the refresh interval, so a burst of scrapes costs PostgreSQL nothing.
 */
@Injectable()
export class Metrics implements OnApplicationShutdown {
  private readonly logger = new Logger('Metrics');
  readonly registry = new Registry();
  private readonly http = new Map<string, HttpSeries>();
  private lastRefresh = 0;
  private refreshing: Promise<void> | null = null;
  private closed = false;

  private readonly queueJobs = new Gauge({
    name: 'bullmq_queue_jobs',
    help: 'BullMQ jobs per queue and state',
    labelNames: ['queue', 'state'],
    registers: [this.registry],
  });
  private readonly settledChallenges = new Gauge({
    name: 'wakestake_settlement_challenges_settled_total',
    help: 'Challenges settled by finished settlement runs',
    registers: [this.registry],
  });
  private readonly linesPaid = new Gauge({
    name: 'wakestake_settlement_lines_paid_total',
    help: 'Settlement lines paid (finished runs and the paid lines of unfinished ones)',
    registers: [this.registry],
  });
  private readonly latestRunLines = new Gauge({
    name: 'wakestake_settlement_latest_run_lines',
    help: 'Lines of the most recently started settlement run by state',
    labelNames: ['state'],
    registers: [this.registry],
  });
  private readonly runs = new Gauge({
    name: 'wakestake_settlement_runs',
    help: 'Settlement runs by status',
    labelNames: ['status'],
    registers: [this.registry],
  });
  private readonly lastCompleted = new Gauge({
    name: 'wakestake_settlement_last_completed_timestamp_seconds',
    help: 'When the last settlement run finished (Unix seconds)',
    registers: [this.registry],
  });
  private readonly lastDuration = new Gauge({
    name: 'wakestake_settlement_last_duration_seconds',
    help: 'Seconds the last finished settlement run took from start to finish',
    registers: [this.registry],
  });
  private readonly deadlineMargin = new Gauge({
    name: 'wakestake_settlement_deadline_margin_seconds',
    help: 'Seconds between the last finished run and the 15:00 deadline of its date (negative: late)',
    registers: [this.registry],
  });
  private readonly alerts = new Gauge({
    name: 'wakestake_settlement_alerts_total',
    help: 'Settlement alerts recorded (late or failed)',
    registers: [this.registry],
  });
  private readonly deposits = new Gauge({
    name: 'wakestake_deposits_total',
    help: 'Deposits by outcome (rows in the database)',
    labelNames: ['outcome'],
    registers: [this.registry],
  });
  private readonly payouts = new Gauge({
    name: 'wakestake_payouts_total',
    help: 'Withdrawal payouts by outcome (rows in the database)',
    labelNames: ['outcome'],
    registers: [this.registry],
  });
  private readonly ledgerOk = new Gauge({
    name: 'wakestake_ledger_verify_ok',
    help: 'Result of the last ledger verification: 1 consistent, 0 problems found',
    registers: [this.registry],
  });
  private readonly ledgerAt = new Gauge({
    name: 'wakestake_ledger_verify_last_timestamp_seconds',
    help: 'When the last ledger verification ran (Unix seconds)',
    registers: [this.registry],
  });
  private readonly mailOutbox = new Gauge({
    name: 'wakestake_mail_outbox',
    help: 'Mail outbox messages by state',
    labelNames: ['state'],
    registers: [this.registry],
  });
  private readonly mailOldest = new Gauge({
    name: 'wakestake_mail_outbox_oldest_unsent_age_seconds',
    help: 'Age of the oldest message not yet sent (0: none waiting)',
    registers: [this.registry],
  });
  private readonly refreshOk = new Gauge({
    name: 'wakestake_metrics_refresh_ok',
    help: '1 when the last read of database and queue figures succeeded',
    labelNames: ['source'],
    registers: [this.registry],
  });

  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    @InjectDataSource() private readonly db: DataSource,
    @Inject(RedisService) private readonly redis: RedisService,
  ) {
    collectDefaultMetrics({ register: this.registry });
    // The HTTP series are plain counters read at scrape time: prom-client's labelled observe costs ~2 µs a request.
    const series = () => [...this.http.values()];
    this.registry.registerMetric({
      name: 'http_request_duration_seconds',
      get: async () => ({
        name: 'http_request_duration_seconds',
        help: 'HTTP request latency by method, route pattern and status code',
        type: 'histogram',
        aggregator: 'sum',
        values: series().flatMap((s): Sample[] => {
          let cumulative = 0;
          const out: Sample[] = HTTP_BUCKETS.map((le, i) => {
            cumulative += s.buckets[i];
            return { metricName: 'http_request_duration_seconds_bucket', labels: { ...s.labels, le }, value: cumulative };
          });
          out.push({ metricName: 'http_request_duration_seconds_bucket', labels: { ...s.labels, le: '+Inf' }, value: s.count });
          out.push({ metricName: 'http_request_duration_seconds_sum', labels: s.labels, value: s.sum });
          out.push({ metricName: 'http_request_duration_seconds_count', labels: s.labels, value: s.count });
          return out;
        }),
      }),
    } as never);
    this.registry.registerMetric({
      name: 'http_requests_total',
      get: async () => ({
        name: 'http_requests_total',
        help: 'HTTP requests by method, route pattern and status code',
        type: 'counter',
        aggregator: 'sum',
        values: series().map((s) => ({ labels: s.labels, value: s.count })),
      }),
    } as never);
    const pool = () =>
      (this.db.driver as unknown as { master?: { totalCount: number; idleCount: number; waitingCount: number; options?: { max?: number } } }).master;
    new Gauge({
      name: 'pg_pool_connections',
      help: 'PostgreSQL connection pool of this process by state',
      labelNames: ['state'],
      registers: [this.registry],
      collect() {
        const p = pool();
        if (!p) return;
        this.set({ state: 'total' }, p.totalCount);
        this.set({ state: 'idle' }, p.idleCount);
        this.set({ state: 'active' }, p.totalCount - p.idleCount);
        this.set({ state: 'waiting' }, p.waitingCount);
        this.set({ state: 'max' }, p.options?.max ?? NaN);
      },
    });
  }

  /** One HTTP request (Fastify onResponse): labelled by the route pattern, never the raw URL. */
  observeHttp(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let s = this.http.get(key);
    if (!s) {
      s = { labels: { method, route, status_code: String(status) }, buckets: new Float64Array(HTTP_BUCKETS.length + 1), sum: 0, count: 0 };
      this.http.set(key, s);
    }
    let i = 0;
    while (i < HTTP_BUCKETS.length && seconds > HTTP_BUCKETS[i]) i++;
    s.buckets[i]++;
    s.sum += seconds;
    s.count++;
  }

  /** The Prometheus text; refreshes the database and queue figures first when they are older than the interval. */
  async render(): Promise<string> {
    if (Date.now() - this.lastRefresh >= metricsRefreshMs()) await this.refresh();
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  @Interval(metricsRefreshMs())
  async tick(): Promise<void> {
    await this.refresh();
  }

  /** Reads every figure once (concurrent callers share the read); a source that is down keeps its last values. */
  refresh(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.refreshing ??= Promise.all([this.readQueues(), this.readDatabase()])
      .then(() => undefined)
      .finally(() => {
        this.lastRefresh = Date.now();
        this.refreshing = null;
      });
    return this.refreshing;
  }

  private async readQueues(): Promise<void> {
    try {
      const prefix = this.config.redisPrefix;
      const pipe = this.redis.client.pipeline();
      for (const q of METRIC_QUEUES) {
        const k = `${prefix}:${q}:`;
        pipe
          .llen(k + 'wait')
          .llen(k + 'paused')
          .zcard(k + 'prioritized')
          .llen(k + 'active')
          .zcard(k + 'delayed')
          .zcard(k + 'failed')
          .zcard(k + 'completed')
          .zcard(k + 'waiting-children');
      }
      const res = (await within(pipe.exec(), READ_TIMEOUT_MS)) ?? [];
      const n = (i: number) => Number(res[i]?.[1] ?? 0);
      METRIC_QUEUES.forEach((queue, qi) => {
        const b = qi * 8;
        this.queueJobs.set({ queue, state: 'waiting' }, n(b) + n(b + 1) + n(b + 2));
        this.queueJobs.set({ queue, state: 'active' }, n(b + 3));
        this.queueJobs.set({ queue, state: 'delayed' }, n(b + 4));
        this.queueJobs.set({ queue, state: 'failed' }, n(b + 5));
        this.queueJobs.set({ queue, state: 'completed' }, n(b + 6));
        this.queueJobs.set({ queue, state: 'waiting-children' }, n(b + 7));
      });
      this.refreshOk.set({ source: 'redis' }, 1);
    } catch (e) {
      this.refreshOk.set({ source: 'redis' }, 0);
      this.logger.debug(`queue figures not read: ${(e as Error).message}`);
    }
  }

  private async readDatabase(): Promise<void> {
    try {
      const [row] = (await within(
        this.db.query(`
          SELECT
            (SELECT coalesce(sum(participants), 0) FROM settlement_runs WHERE status = 'SETTLED')::bigint AS settled,
            (SELECT json_object_agg(status, n) FROM (SELECT status, count(*) AS n FROM settlement_runs GROUP BY status) s) AS runs,
            (SELECT count(*) FROM settlement_lines l JOIN settlement_runs r ON r.id = l.run_id WHERE r.status <> 'SETTLED' AND l.status = 'PAID') AS unfinished_paid,
            (SELECT json_build_object('date', settlement_date::text, 'started', extract(epoch FROM started_at), 'finished', extract(epoch FROM finished_at))
               FROM settlement_runs WHERE status = 'SETTLED' AND finished_at IS NOT NULL ORDER BY finished_at DESC LIMIT 1) AS last_run,
            (SELECT json_object_agg(status, n) FROM (SELECT l.status, count(*) AS n FROM settlement_lines l
               WHERE l.run_id = (SELECT id FROM settlement_runs ORDER BY started_at DESC LIMIT 1) GROUP BY l.status) s) AS latest_lines,
            (SELECT count(*) FROM settlement_alerts) AS alerts,
            (SELECT json_object_agg(status, n) FROM (SELECT status, count(*) AS n FROM deposits GROUP BY status) s) AS deposits,
            (SELECT json_object_agg(status, n) FROM (SELECT status, count(*) AS n FROM withdrawals GROUP BY status) s) AS payouts,
            (SELECT json_build_object('ok', ok, 'at', extract(epoch FROM checked_at)) FROM ledger_verifications ORDER BY seq DESC LIMIT 1) AS ledger,
            (SELECT json_object_agg(state, n) FROM (SELECT state, count(*) AS n FROM mail_outbox GROUP BY state) s) AS mail,
            (SELECT extract(epoch FROM now() - min(created_at)) FROM mail_outbox WHERE state <> 'SENT') AS mail_oldest`),
        READ_TIMEOUT_MS,
      )) as Array<Record<string, unknown>>;
      const runs = (row.runs ?? {}) as Record<string, number>;
      for (const status of ['RUNNING', 'SETTLED', 'FAILED']) this.runs.set({ status: status.toLowerCase() }, Number(runs[status] ?? 0));
      this.settledChallenges.set(num(row.settled));
      this.linesPaid.set(num(row.settled) + num(row.unfinished_paid));
      const latest = (row.latest_lines ?? {}) as Record<string, number>;
      this.latestRunLines.set({ state: 'pending' }, Number(latest.PENDING ?? 0));
      this.latestRunLines.set({ state: 'paid' }, Number(latest.PAID ?? 0));
      const last = row.last_run as { date: string; started: number; finished: number } | null;
      if (last) {
        const deadline = zonedInstant(last.date, SETTLEMENT_DEADLINE, this.config.appTimezone).getTime() / 1000;
        this.lastCompleted.set(num(last.finished));
        this.lastDuration.set(num(last.finished) - num(last.started));
        this.deadlineMargin.set(deadline - num(last.finished));
      }
      this.alerts.set(num(row.alerts));
      this.setOutcomes(this.deposits, row.deposits);
      this.setOutcomes(this.payouts, row.payouts);
      const ledger = row.ledger as { ok: boolean; at: number } | null;
      if (ledger) {
        this.ledgerOk.set(ledger.ok ? 1 : 0);
        this.ledgerAt.set(num(ledger.at));
      }
      const mail = (row.mail ?? {}) as Record<string, number>;
      for (const state of ['PENDING', 'SENDING', 'SENT', 'FAILED']) this.mailOutbox.set({ state: state.toLowerCase() }, Number(mail[state] ?? 0));
      this.mailOldest.set(row.mail_oldest === null ? 0 : num(row.mail_oldest));
      this.refreshOk.set({ source: 'postgres' }, 1);
    } catch (e) {
      this.refreshOk.set({ source: 'postgres' }, 0);
      this.logger.debug(`database figures not read: ${(e as Error).message}`);
    }
  }

  private setOutcomes(g: Gauge<string>, value: unknown): void {
    const v = (value ?? {}) as Record<string, number>;
    for (const status of ['PENDING', 'SUCCESS', 'FAILED']) g.set({ outcome: status.toLowerCase() }, Number(v[status] ?? 0));
  }

  onApplicationShutdown(): void {
    this.closed = true;
    this.registry.clear();
  }
}
