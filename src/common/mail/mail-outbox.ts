import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import type { DataSource, EntityManager } from 'typeorm';
import { AppConfig } from '../../config/app-config.js';
import { Clock } from '../clock.js';
import { currentRequestId } from '../../observability/request-context.js';
import { MAIL_ALERT_AFTER_MS, MAIL_JOB, MAIL_MAX_BACKOFF_MS, MAIL_QUEUE, mailJobId } from './mail.constants.js';
import { MailMessage, MailTransport } from './mail-transport.js';

export type MailKind = 'VERIFY_EMAIL' | 'RESET_PASSWORD' | 'SETTLEMENT_RECEIPT' | 'REMINDER' | 'GENERIC';
export type MailState = 'PENDING' | 'SENDING' | 'SENT' | 'FAILED';
export type AttemptOutcome = 'SENT' | 'RETRY' | 'FAILED' | 'SKIPPED';

export interface OutboxView {
  id: string;
  kind: string;
  to: string;
  subject: string;
  state: MailState;
  attempts: number;
  lastError: string | null;
  requestId: string | null;
  alerted: boolean;
  createdAt: string;
  updatedAt: string;
  sentAt: string | null;
}

/** How long a claimed message is held by one sender before another may take it (longer than the SMTP timeouts). */
const LEASE = `interval '2 minutes'`;
const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/**
 * The mail outbox. A message is a row written in the transaction of the change that causes it (stage); after the
 * commit the api tries it at once (dispatch) and, if that fails, queues a job the worker retries with backoff until it
 * is sent or MAIL_MAX_ATTEMPTS is reached. A sender claims a row with a lease, so two senders never send it together.
 * The body (which may hold a one-time link) is dropped once sent.
 */
@Injectable()
export class MailOutbox implements OnApplicationShutdown {
  private readonly logger = new Logger('Mail');
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(Clock) private readonly clock: Clock,
    @InjectDataSource() private readonly ds: DataSource,
    @InjectQueue(MAIL_QUEUE) private readonly queue: Queue,
    @Inject(MailTransport) private readonly transport: MailTransport,
  ) {}

  /** Writes the message in the caller's transaction; returns its id for dispatch after the commit. */
  async stage(m: EntityManager, message: MailMessage, kind: MailKind): Promise<string> {
    const id = randomUUID();
    const now = this.clock.now();
    await m.query(
      `INSERT INTO mail_outbox (id, kind, to_address, subject, text_body, html_body, request_id, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
      [id, kind, message.to, message.subject.slice(0, 300), message.text, message.html, currentRequestId() ?? null, now],
    );
    return id;
  }

  /**
   * Messages to users by id, in the caller's transaction, one statement for many (a settlement chunk): sent only to
   * an active account with a verified email whose mail setting is on. Returns the ids to queue after the commit.
   */
  async stageForUsers(m: EntityManager, items: Array<{ userId: string; subject: string; text: string; html: string }>, kind: MailKind): Promise<string[]> {
    if (items.length === 0) return [];
    const rows = (await m.query(
      `INSERT INTO mail_outbox (id, kind, to_address, subject, text_body, html_body, request_id, created_at, updated_at)
       SELECT gen_random_uuid(), $1, u.email, left(x.subject, 300), x.text, x.html, $6, $7, $7
         FROM unnest($2::uuid[], $3::text[], $4::text[], $5::text[]) AS x(user_id, subject, text, html)
         JOIN users u ON u.id = x.user_id
        WHERE u.deleted_at IS NULL AND u.is_email_verified AND coalesce((u.settings #>> '{notifications,email}')::boolean, true)
       RETURNING id`,
      [
        kind,
        items.map((i) => i.userId),
        items.map((i) => i.subject),
        items.map((i) => i.text),
        items.map((i) => i.html),
        currentRequestId() ?? null,
        this.clock.now(),
      ],
    )) as Array<{ id: string }>;
    return rows.map((r) => r.id);
  }

  /** After the commit: many staged messages to the queue at once (the worker sends them); a failure leaves them to the sweep. */
  /**
   * Stages mails in the caller's transaction and answers what queues them once it has committed; a queueing failure is
   * logged and left to the mail sweep (the rows are already there).
   */
  async stageForUsersAfterCommit(
    m: EntityManager,
    items: Array<{ userId: string; subject: string; text: string; html: string }>,
    kind: MailKind,
  ): Promise<() => Promise<void>> {
    const ids = await this.stageForUsers(m, items, kind);
    return async () => {
      if (ids.length) await this.enqueueMany(ids).catch((e: Error) => this.logger.warn(`${ids.length} ${kind} mail(s) left to the mail sweep: ${e.message}`));
    };
  }

  async enqueueMany(ids: string[]): Promise<void> {
    for (let i = 0; i < ids.length; i += 1000) {
      await this.queue.addBulk(
        ids.slice(i, i + 1000).map((id) => ({
          name: MAIL_JOB,
          data: { outboxId: id },
          opts: {
            jobId: mailJobId(id),
            attempts: this.config.mailMaxAttempts,
            backoff: { type: 'mail', delay: this.config.mailRetryDelayMs },
            removeOnComplete: true,
            removeOnFail: { count: 1000 },
          },
        })),
      );
    }
  }

  /** After the commit: the first attempt now, in the background (never fails or delays the request); a failure queues retries. */
  dispatch(id: string): void {
    this.track(
      this.attempt(id)
        .then((r) => (r === 'RETRY' ? this.enqueue(id, this.config.mailRetryDelayMs) : undefined))
        .catch((e: Error) => {
          // PostgreSQL or Redis is down: the row stays PENDING and the worker's sweep queues it.
          this.logger.error(`mail ${id} could not be attempted or queued: ${e.message}`);
        }),
    );
  }

  /** A message no other change goes with: staged in a transaction of its own, then dispatched. */
  send(message: MailMessage, kind: MailKind = 'GENERIC'): void {
    this.track(
      this.ds
        .transaction((m) => this.stage(m, message, kind))
        .then((id) => this.dispatch(id))
        .catch((e: Error) => this.logger.error(`mail (${kind}) could not be written to the outbox: ${e.message}`)),
    );
  }

  /** Waits for the background work started by dispatch and send (tests, shutdown). */
  async flush(): Promise<void> {
    while (this.inFlight.size) await Promise.all([...this.inFlight]);
  }

  /** One attempt: claim, hand to the transport, record the outcome. SKIPPED: already sent, given up or held by another sender. */
  async attempt(id: string): Promise<AttemptOutcome> {
    const [rows] = (await this.ds.query(
      `UPDATE mail_outbox SET state = 'SENDING', attempts = attempts + 1, lease_until = now() + ${LEASE}, updated_at = $2
        WHERE id = $1 AND (state = 'PENDING' OR (state = 'SENDING' AND lease_until < now()))
        RETURNING kind, to_address, subject, text_body, html_body, attempts`,
      [id, this.clock.now()],
    )) as [Array<{ kind: string; to_address: string; subject: string; text_body: string; html_body: string; attempts: number }>, number];
    const row = rows[0];
    if (!row) return 'SKIPPED';
    try {
      await this.transport.deliver({ to: row.to_address, subject: row.subject, text: row.text_body ?? '', html: row.html_body ?? '' });
    } catch (e) {
      const reason = String((e as Error).message ?? e).slice(0, 500);
      const giveUp = row.attempts >= this.config.mailMaxAttempts;
      await this.ds.query(
        `UPDATE mail_outbox SET state = $2::varchar, last_error = $3, lease_until = NULL, updated_at = $4, alerted_at = CASE WHEN $2::varchar = 'FAILED' THEN $4::timestamptz ELSE alerted_at END WHERE id = $1`,
        [id, giveUp ? 'FAILED' : 'PENDING', reason, this.clock.now()],
      );
      if (giveUp) this.logger.error(`ALERT mail ${id} (${row.kind}) given up after ${row.attempts} attempt(s): ${reason}`);
      else this.logger.warn(`mail ${id} (${row.kind}) attempt ${row.attempts} failed, will retry: ${reason}`);
      return giveUp ? 'FAILED' : 'RETRY';
    }
    const now = this.clock.now();
    await this.ds.query(
      `UPDATE mail_outbox SET state = 'SENT', sent_at = $2, updated_at = $2, text_body = NULL, html_body = NULL, last_error = NULL, lease_until = NULL WHERE id = $1`,
      [id, now],
    );
    this.logger.log(`mail ${id} (${row.kind}) sent via ${this.transport.target === 'smtp' ? 'SMTP' : 'MAIL_DIR'} at attempt ${row.attempts}`);
    return 'SENT';
  }

  /** Queues the retries of a message (one job per message: a second call while one waits changes nothing). */
  async enqueue(id: string, delayMs = 0): Promise<void> {
    await this.queue.add(
      MAIL_JOB,
      { outboxId: id },
      {
        jobId: mailJobId(id),
        delay: delayMs,
        attempts: this.config.mailMaxAttempts,
        backoff: { type: 'mail', delay: this.config.mailRetryDelayMs },
        removeOnComplete: true,
        removeOnFail: { count: 1000 },
      },
    );
  }

  /**
   * Messages left PENDING with no job to carry them (the api stopped before queueing, Redis was down, the job was
   * lost): queued again. A message whose job has failed for good is queued afresh.
   */
  async sweep(limit = 200): Promise<number> {
    const stale = new Date(this.clock.now().getTime() - MAIL_MAX_BACKOFF_MS - 5 * 60_000);
    const rows = (await this.ds.query(
      `SELECT id FROM mail_outbox WHERE state <> 'SENT' AND state <> 'FAILED' AND updated_at < $1 AND (lease_until IS NULL OR lease_until < now())
        ORDER BY created_at LIMIT $2`,
      [stale, limit],
    )) as Array<{ id: string }>;
    let queued = 0;
    for (const { id } of rows) {
      const job = await this.queue.getJob(mailJobId(id));
      const state = job ? await job.getState() : 'missing';
      if (state === 'waiting' || state === 'delayed' || state === 'active' || state === 'prioritized') continue;
      if (job) await job.remove().catch(() => undefined);
      await this.enqueue(id);
      queued++;
    }
    return queued;
  }

  /** Messages still unsent a day after they were written: one error line each (marked, so once). */
  async alertStuck(): Promise<string[]> {
    const before = new Date(this.clock.now().getTime() - MAIL_ALERT_AFTER_MS);
    const [rows] = (await this.ds.query(
      `UPDATE mail_outbox SET alerted_at = $2 WHERE id IN (
         SELECT id FROM mail_outbox WHERE state <> 'SENT' AND alerted_at IS NULL AND created_at < $1 ORDER BY created_at LIMIT 500)
       RETURNING id, kind, state, attempts, last_error`,
      [before, this.clock.now()],
    )) as [Array<{ id: string; kind: string; state: string; attempts: number; last_error: string | null }>, number];
    for (const r of rows) {
      this.logger.error(`ALERT mail ${r.id} (${r.kind}) not sent for over a day: ${r.state}, ${r.attempts} attempt(s), last error: ${r.last_error ?? 'none'}`);
    }
    return rows.map((r) => r.id);
  }

  /** The support console's view: newest first, filtered by state and recipient; never a body. */
  async list(filter: { state?: MailState; email?: string; limit: number }): Promise<OutboxView[]> {
    const rows = (await this.ds.query(
      `SELECT id, kind, to_address, subject, state, attempts, last_error, request_id, alerted_at, created_at, updated_at, sent_at
         FROM mail_outbox
        WHERE ($1::varchar IS NULL OR state = $1) AND ($2::varchar IS NULL OR lower(to_address) = lower($2))
        ORDER BY created_at DESC LIMIT $3`,
      [filter.state ?? null, filter.email ?? null, filter.limit],
    )) as Array<Record<string, unknown>>;
    return rows.map((r) => ({
      id: r.id as string,
      kind: r.kind as string,
      to: r.to_address as string,
      subject: r.subject as string,
      state: r.state as MailState,
      attempts: Number(r.attempts),
      lastError: (r.last_error as string | null) ?? null,
      requestId: (r.request_id as string | null) ?? null,
      alerted: r.alerted_at !== null,
      createdAt: iso(r.created_at as Date)!,
      updatedAt: iso(r.updated_at as Date)!,
      sentAt: iso(r.sent_at as Date | null),
    }));
  }

  private track(p: Promise<unknown>): void {
    const tracked = p.finally(() => this.inFlight.delete(tracked));
    this.inFlight.add(tracked);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.flush();
  }
}
