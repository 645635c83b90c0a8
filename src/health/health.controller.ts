import { Controller, Get, HttpStatus, Inject, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyReply } from 'fastify';
import { DataSource } from 'typeorm';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../common/auth/auth.decorators.js';
import { RedisService } from '../common/redis.module.js';
import { AppConfig } from '../config/app-config.js';
import { GRIEVANCE_RESPONSE_DAYS, TERMS_VERSION } from '../config/terms.js';
import { Readiness } from '../observability/readiness.js';
import { publicRules } from './public-rules.js';

async function within<T>(p: Promise<T>, ms: number): Promise<T> {
  return Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref())]);
}

@ApiTags('system')
@Controller()
export class HealthController {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(RedisService) private readonly redis: RedisService,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(Readiness) private readonly readiness: Readiness,
  ) {}

  /** Liveness: the process answers (no dependency asked, so an outage never restarts it). */
  @Public()
  @ApiOperation({ security: [] })
  @Get('health/live')
  async live() {
    return (await this.readiness.live()).body;
  }

  /** Readiness: PostgreSQL and Redis answer and no migration is pending; 503 naming what is not, until it is. */
  @Public()
  @ApiOperation({ security: [] })
  @Get('health/ready')
  async ready(@Res({ passthrough: true }) reply: FastifyReply) {
    const r = await this.readiness.ready();
    if (!r.ok) reply.status(HttpStatus.SERVICE_UNAVAILABLE);
    return r.body;
  }

  @Public()

  @ApiOperation({ security: [] })
  @Get('health')
  async health(@Res({ passthrough: true }) reply: FastifyReply) {
    const [database, redis] = await Promise.all([
      within(this.db.query('SELECT 1'), 3000).then(
        () => 'up' as const,
        () => 'down' as const,
      ),
      this.redis.ping(1000).then((ok) => (ok ? ('up' as const) : ('down' as const))),
    ]);
    const down = [database === 'down' && 'PostgreSQL', redis === 'down' && 'Redis'].filter(Boolean) as string[];
    if (down.length) {
      reply.status(HttpStatus.SERVICE_UNAVAILABLE);
      const error = `${down.join(' and ')} ${down.length > 1 ? 'are' : 'is'} down`;
      return { success: false, statusCode: 503, error, message: error, status: 'down', database, redis };
    }
    return { success: true, status: 'ok', database, redis };
  }

  /** What the client needs to know about this server (no secrets). */
  @Public()
  @ApiOperation({ security: [] })
  @Get('config')
  clientConfig() {
    return {
      success: true,
      data: {
        testMode: this.config.testMode,
        paymentsProvider: this.config.paymentsProvider,
        razorpayKeyId: this.config.razorpayKeyId,
        googleClientId: this.config.googleClientId,
        timezone: this.config.appTimezone,
        // what new challenges are staked under (existing ones keep theirs) and where a pledge-mode miss may go
        poolMode: this.config.poolMode,
        charities: this.config.charities,
        // the terms a person accepts at sign-up (and again when this changes), and who hears their complaints
        termsVersion: TERMS_VERSION,
        grievanceOfficer: { ...this.config.grievanceOfficer, responseDays: GRIEVANCE_RESPONSE_DAYS },
        // The money and time rules, from the constants the server enforces
        rules: publicRules(),
      },
    };
  }
}
