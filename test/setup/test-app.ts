import { Test, TestingModuleBuilder } from '@nestjs/testing';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { AppConfig, loadConfig } from '../../src/config/app-config.js';
import { AppModule } from '../../src/app.module.js';
import { BODY_LIMIT, configureApi, frameworkErrors } from '../../src/bootstrap.js';
import { Clock, ManualClock } from '../../src/common/clock.js';

export interface TestApp {
  app: NestFastifyApplication;
  config: AppConfig;
  clock: ManualClock;
  http: () => ReturnType<typeof request>;
  url: string;
  close: () => Promise<void>;
}

export function testConfig(env: Record<string, string | undefined> = {}): AppConfig {
  return loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    JWT_SECRET: 'test-secret-test-secret-test-secret',
    TEST_MODE: 'true',
    LOG_LEVEL: 'silent',
    MAIL_DIR: mkdtempSync(join(tmpdir(), 'wakestake-mail-')),
    UPLOADS_DIR: mkdtempSync(join(tmpdir(), 'wakestake-uploads-')),
    // Every test registers from 127.0.0.1: keep the per-address sign-in limit out of the way (identity tests lower it).
    AUTH_RATE_LIMIT_IP: '100000',
    ...env,
  });
}

/**
 * Boots the real api (Fastify, filters, pipes, guards) on the run's own database and real Redis.
 * `override` swaps providers; the clock is a ManualClock the test moves by hand.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string | undefined>;
    clock?: ManualClock;
    listen?: boolean;
    /** The port to listen on (default: any free one), for a test whose APP_URL must name it (passkeys' origin). */
    port?: number;
    override?: (b: TestingModuleBuilder) => TestingModuleBuilder;
  } = {},
): Promise<TestApp> {
  const config = testConfig(options.env);
  const clock = options.clock ?? new ManualClock(new Date());
  let builder = Test.createTestingModule({ imports: [AppModule.forRoot(config)] })
    .overrideProvider(Clock)
    .useValue(clock);
  if (options.override) builder = options.override(builder);
  const moduleRef = await builder.compile();
  const app = moduleRef.createNestApplication<NestFastifyApplication>(
    new FastifyAdapter({ bodyLimit: BODY_LIMIT, frameworkErrors: frameworkErrors as never }),
    { rawBody: true, bufferLogs: true },
  );
  configureApi(app, config);
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  let url = '';
  if (options.listen) {
    await app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
    url = await app.getUrl();
    url = url.replace('[::1]', '127.0.0.1');
  }
  return {
    app,
    config,
    clock,
    url,
    http: () => request(app.getHttpServer()),
    close: () => app.close(),
  };
}
