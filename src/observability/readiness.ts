import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { HealthCheckService, HealthIndicatorService } from '@nestjs/terminus';
import type { DataSource } from 'typeorm';
import { RedisService } from '../common/redis.module.js';

export interface ProbeResult {
  ok: boolean;
  body: Record<string, unknown>;
}

const NAMES: Record<string, string> = { database: 'PostgreSQL', redis: 'Redis', migrations: 'pending migrations' };

/**
 * Readiness on terminus: PostgreSQL answers, Redis answers, no migration is pending. Used by the api's
 * /api/v1/health/ready and the worker's /health. Each check is bounded, so a dead dependency never hangs a probe.
 */
@Injectable()
export class Readiness {
  /** Once every migration is applied it stays so for this build: not asked again. */
  private migrationsApplied = false;

  constructor(
    @Inject(HealthCheckService) private readonly health: HealthCheckService,
    @Inject(HealthIndicatorService) private readonly indicators: HealthIndicatorService,
    @InjectDataSource() private readonly db: DataSource,
    @Inject(RedisService) private readonly redis: RedisService,
  ) {}

  async ready(): Promise<ProbeResult> {
    return this.run([
      () =>
        this.indicators
          .check('database')
          .attempt(async () => void (await this.db.query('SELECT 1')))
          .withTimeout(2000),
      () =>
        this.indicators
          .check('redis')
          .attempt(async () => {
            if (!(await this.redis.ping(1500))) throw new Error('no answer to PING');
          })
          .withTimeout(2000),
      () =>
        this.indicators
          .check('migrations')
          .attempt(async () => {
            if (this.migrationsApplied) return { pending: false };
            if (await this.db.showMigrations()) throw new Error('migrations are pending');
            this.migrationsApplied = true;
            return { pending: false };
          })
          .withTimeout(3000),
    ]);
  }

  /** Liveness: the process answers; no dependency is asked (an outage must not restart healthy processes). */
  async live(): Promise<ProbeResult> {
    return this.run([]);
  }

  private async run(checks: Parameters<HealthCheckService['check']>[0]): Promise<ProbeResult> {
    try {
      const r = await this.health.check(checks);
      return { ok: true, body: { success: true, status: r.status, details: r.details } };
    } catch (e) {
      const r = (e as { getResponse?: () => unknown }).getResponse?.() as { status?: string; details?: Record<string, { status?: string }> } | undefined;
      if (!r?.details) throw e;
      const down = Object.entries(r.details)
        .filter(([, v]) => v?.status === 'down')
        .map(([k]) => NAMES[k] ?? k);
      const error = `Not ready: ${down.join(', ')}`;
      return { ok: false, body: { success: false, statusCode: 503, error, message: error, status: 'error', details: r.details } };
    }
  }
}
