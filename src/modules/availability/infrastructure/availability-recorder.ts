import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { HttpAdapterHost } from '@nestjs/core';
import { SchedulerRegistry } from '@nestjs/schedule';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Clock } from '../../../common/clock.js';
import { AppConfig } from '../../../config/app-config.js';
import { DetectOutagesCommand } from '../commands/detect-outages/detect-outages.command.js';
import { HEARTBEAT_SECONDS, minuteOf } from '../domain/outage-rules.js';
import { AvailabilityRepository, SampleDelta } from './availability.repository.js';

/** The check-in route the recorder watches (its answers and its photo uploads). */
export const CHECK_IN_ROUTE = { method: 'POST', url: '/api/v1/challenges/verify' };
/** Minutes kept in memory while PostgreSQL cannot take them (a day): older ones are dropped, oldest first. */
const MAX_PENDING_MINUTES = 24 * 60;
/** The worker looks for outages over the last two hours, every minute (settlement looks again over its whole date). */
const DETECT_EVERY_BEATS = 4;
const DETECT_LOOKBACK_MS = 2 * 3_600_000;
/** Samples are kept 35 days (support reads the outages, which are kept). */
const SAMPLES_KEPT_MS = 35 * 86_400_000;
/** The heartbeat's name in @nestjs/schedule's registry (one recorder per application). */
export const HEARTBEAT_INTERVAL = 'availability-heartbeat';

type Counts = Omit<SampleDelta, 'minute' | 'role' | 'processId'>;

/**
 * This process's own availability: a heartbeat every HEARTBEAT_SECONDS and, in the api, the check-in route's answers
 * (5xx counted as errors) and refused photo uploads, counted per minute in memory and added to availability_samples at
 * each beat. A flush that fails (PostgreSQL away) keeps the counts for the next one, so an outage of the database is
 * recorded once it is back. The worker also runs outage detection every minute.
 * AVAILABILITY_RECORDER: `on` (default), `manual` (counts, but beats and flushes only when called: tests), `off`.
 * The heartbeat is an interval of @nestjs/schedule (SchedulerRegistry, added only when `on`): the scheduler clears it
 * before the application shuts down, then onApplicationShutdown flushes what is left.
 */
@Injectable()
export class AvailabilityRecorder implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Availability');
  private readonly pending = new Map<number, Counts>();
  private ticks = 0;
  private flushing: Promise<void> | null = null;
  private warnedAt = 0;
  readonly processId = `${hostname().slice(0, 60)}:${process.pid}:${randomBytes(3).toString('hex')}`;
  role: 'api' | 'worker' = 'worker';

  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(AvailabilityRepository) private readonly repo: AvailabilityRepository,
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(HttpAdapterHost) private readonly adapterHost: HttpAdapterHost,
    @Inject(SchedulerRegistry) private readonly scheduler: SchedulerRegistry,
  ) {}

  get enabled(): boolean {
    return this.config.availabilityRecorder !== 'off';
  }

  onModuleInit(): void {
    const fastify = this.adapterHost?.httpAdapter?.getInstance?.() as
      | {
          addHook(
            name: 'onResponse',
            hook: (
              req: { method: string; routeOptions?: { url?: string }; isMultipart?: () => boolean },
              reply: { statusCode: number },
              done: () => void,
            ) => void,
          ): void;
        }
      | undefined;
    if (!fastify || typeof fastify.addHook !== 'function') return;
    this.role = 'api';
    if (!this.enabled) return;
    fastify.addHook('onResponse', (req, reply, done) => {
      if (req.method === CHECK_IN_ROUTE.method && req.routeOptions?.url === CHECK_IN_ROUTE.url)
        this.checkInAnswered(reply.statusCode, req.isMultipart?.() === true);
      done();
    });
  }

  onApplicationBootstrap(): void {
    if (this.config.availabilityRecorder !== 'on') return;
    const timer = setInterval(() => void this.tick(), HEARTBEAT_SECONDS * 1000);
    timer.unref();
    this.scheduler.addInterval(HEARTBEAT_INTERVAL, timer);
    this.beat();
  }

  async onApplicationShutdown(): Promise<void> {
    // the scheduler clears its intervals before shutdown; this covers a recorder closed on its own
    if (this.scheduler.doesExist('interval', HEARTBEAT_INTERVAL)) this.scheduler.deleteInterval(HEARTBEAT_INTERVAL);
    if (this.enabled) await this.flush().catch(() => undefined);
  }

  /** One answer of the check-in route: a 5xx is an error; a multipart request carried a photo. */
  checkInAnswered(status: number, upload: boolean): void {
    if (!this.enabled) return;
    const c = this.counts();
    c.checkins++;
    if (status >= 500) c.checkinErrors++;
    if (upload) c.uploads++;
  }

  /** The photo store refused a check-in photo. */
  uploadFailed(): void {
    if (!this.enabled) return;
    this.counts().uploadFailures++;
  }

  /** This process is alive now. */
  beat(): void {
    if (!this.enabled) return;
    const now = this.clock.now();
    const c = this.counts(now);
    c.beats++;
    if (!c.firstBeatAt || now < c.firstBeatAt) c.firstBeatAt = now;
    if (!c.lastBeatAt || now > c.lastBeatAt) c.lastBeatAt = now;
  }

  /** Adds the counts held in memory to availability_samples (kept for the next flush if that fails). */
  async flush(): Promise<void> {
    if (this.flushing) await this.flushing.catch(() => undefined);
    if (this.pending.size === 0) return;
    const taken = [...this.pending.entries()];
    this.pending.clear();
    this.flushing = this.repo.addSamples(taken.map(([minute, c]) => ({ minute: new Date(minute), role: this.role, processId: this.processId, ...c })));
    try {
      await this.flushing;
    } catch (e) {
      for (const [minute, c] of taken) this.merge(minute, c);
      throw e;
    } finally {
      this.flushing = null;
    }
  }

  private async tick(): Promise<void> {
    this.beat();
    try {
      await this.flush();
      if (this.role === 'worker' && ++this.ticks % DETECT_EVERY_BEATS === 0) {
        const now = this.clock.now();
        await this.commandBus.execute(new DetectOutagesCommand(new Date(now.getTime() - DETECT_LOOKBACK_MS), now));
        if (this.ticks % (DETECT_EVERY_BEATS * 60) === 0) await this.repo.pruneSamples(new Date(now.getTime() - SAMPLES_KEPT_MS));
      }
    } catch (e) {
      // once a minute at most: a database outage would otherwise log at every beat
      if (Date.now() - this.warnedAt > 60_000) {
        this.warnedAt = Date.now();
        this.logger.warn(`availability samples kept in memory for now: ${(e as Error).message}`);
      }
    }
  }

  private counts(at: Date = this.clock.now()): Counts {
    const minute = minuteOf(at).getTime();
    let c = this.pending.get(minute);
    if (!c) {
      c = { beats: 0, firstBeatAt: null, lastBeatAt: null, checkins: 0, checkinErrors: 0, uploads: 0, uploadFailures: 0 };
      this.pending.set(minute, c);
      if (this.pending.size > MAX_PENDING_MINUTES) this.pending.delete(Math.min(...this.pending.keys()));
    }
    return c;
  }

  private merge(minute: number, add: Counts): void {
    const c = this.pending.get(minute);
    if (!c) {
      this.pending.set(minute, add);
      return;
    }
    c.beats += add.beats;
    c.checkins += add.checkins;
    c.checkinErrors += add.checkinErrors;
    c.uploads += add.uploads;
    c.uploadFailures += add.uploadFailures;
    if (add.firstBeatAt && (!c.firstBeatAt || add.firstBeatAt < c.firstBeatAt)) c.firstBeatAt = add.firstBeatAt;
    if (add.lastBeatAt && (!c.lastBeatAt || add.lastBeatAt > c.lastBeatAt)) c.lastBeatAt = add.lastBeatAt;
  }
}
