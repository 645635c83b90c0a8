import { DynamicModule, Global, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BullModule } from '@nestjs/bullmq';
import { LoggerModule } from 'nestjs-pino';
import { levels } from 'pino';
import { AppConfig } from './config/app-config.js';
import { AppConfigModule } from './config/app-config.module.js';
import { dataSourceOptions } from './config/typeorm.options.js';
import { redisOptionsFromUrl } from './config/redis-options.js';
import { Clock, SystemClock } from './common/clock.js';
import { RedisModule } from './common/redis.module.js';
import { AuthCoreModule } from './common/auth/auth.module.js';
import './observability/job-context.js';
import { ObservabilityModule } from './observability/observability.module.js';
import { MailModule } from './common/mail/mail.module.js';
import { requestIdMixin } from './observability/request-context.js';
import { serializeRequest, serializeResponse } from './observability/log-fields.js';
import { StorageModule } from './common/storage/storage.module.js';
import { TransactionalEventsModule } from './common/transactional-events.js';
import { CachedEventIdProvider } from './common/cached-event-id-provider.js';

/** Never logged: tokens, passwords, signatures, account numbers. */
export const LOG_REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-razorpay-signature"]',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.confirmPassword',
  '*.token',
  '*.idToken',
  '*.signature',
  '*.razorpay_signature',
  '*.accountNumber',
];

@Global()
@Module({})
export class ConfigHolderModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: ConfigHolderModule,
      global: true,
      // AppConfig through @nestjs/config (ConfigModule.forRoot({ validate }), config/app-config.module.ts).
      imports: [AppConfigModule.forRoot(config)],
      providers: [{ provide: Clock, useClass: SystemClock }],
      exports: [AppConfigModule, Clock],
    };
  }
}

/**
 * Whether the per-request logger runs. pino-http logs a request when it completes, at info; for that it builds a
 * child logger per request (serialising and redacting the request) and nestjs-pino holds it in an async context for
 * the request's life. Above info none of it is ever written, and under the check-in rush it cost ~6 % of the api's
 * time, so it is not installed then; errors still name their method and path (HttpExceptionFilter).
 */
export function logsRequests(level: string): boolean {
  return (levels.values[level] ?? Infinity) <= levels.values.info; // 'silent' has no value: above every level
}

/** What both processes share: config, clock, logging, PostgreSQL, Redis, BullMQ, CQRS, token checks. */
@Module({})
export class CoreModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: CoreModule,
      imports: [
        ConfigHolderModule.forRoot(config),
        LoggerModule.forRoot({
          ...(logsRequests(config.logLevel) ? {} : { forRoutes: [] }),
          pinoHttp: {
            level: config.logLevel,
            redact: { paths: LOG_REDACT, censor: '[redacted]' },
            autoLogging: { ignore: (req) => (req.url ?? '').startsWith('/api/v1/health') || req.url === '/metrics' },
            // The request id (or the id of the request whose job this is) in every line; the access line has it as req.id.
            mixin: requestIdMixin,
            // By allow-list: id, method, URL with allow-listed query values, a few headers; status only; never a body.
            serializers: { req: serializeRequest, res: serializeResponse },
          },
        }),
        TypeOrmModule.forRoot({
          ...dataSourceOptions(config.databaseUrl, {}, { size: config.dbPoolSize, connectTimeoutMs: config.dbConnectTimeoutMs }),
          autoLoadEntities: true,
          retryAttempts: 3,
          retryDelay: 1000,
        }),
        // BULLMQ_PREFIX: tests give each run its own key space so parallel runs never take each other's jobs.
        BullModule.forRoot({ connection: redisOptionsFromUrl(config.redisUrl), prefix: config.redisPrefix }),
        CqrsModule.forRoot({ eventIdProvider: new CachedEventIdProvider() }),
        TransactionalEventsModule,
        ObservabilityModule,
        MailModule,
        RedisModule,
        AuthCoreModule,
        StorageModule.forRoot(config),
      ],
      exports: [ConfigHolderModule, RedisModule, AuthCoreModule],
    };
  }
}
