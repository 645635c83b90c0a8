import 'reflect-metadata';
import { BadRequestException, INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { Logger } from 'nestjs-pino';
import { existsSync } from 'node:fs';
import { AppConfig } from './config/app-config.js';
import { AppModule } from './app.module.js';
import { WorkerModule } from './worker.module.js';
import { HttpExceptionFilter } from './common/errors/http-exception.filter.js';
import { createValidationPipe } from './common/validation.js';
import { securityHeaders } from './common/security-headers.js';
import { setupOpenApi } from './openapi.js';
import { installHttpObservability } from './observability/http-observability.js';

export const API_PREFIX = 'api/v1';
export const BODY_LIMIT = 1024 * 1024;
export const UPLOAD_LIMIT = 5 * 1024 * 1024;

/**
 * Router-level errors Fastify answers before any Nest filter runs (a path parameter longer than maxParamLength,
 * a malformed percent-encoding in the URL): in the error shape too.
 */
export function frameworkErrors(err: { statusCode?: number }, _req: unknown, reply: { code: (n: number) => { send: (b: unknown) => unknown } }): void {
  const status = err.statusCode === 414 ? 414 : 400;
  const error = status === 414 ? 'Request URL is too long' : 'Malformed URL';
  void reply.code(status).send({ success: false, statusCode: status, error, message: error });
}

/**
 * HTTP libraries send `Content-Type: application/json` with no body on body-less calls (logout, cancel, mark-read):
 * an empty (or blank) JSON body is an empty object, not Fastify's raw 400. The raw bytes stay on req.rawBody
 * (the Razorpay webhook signs them).
 */
export function useJsonBodyParser(app: NestFastifyApplication): void {
  const fastify = app.getHttpAdapter().getInstance();
  app.useBodyParser('application/json', { bodyLimit: BODY_LIMIT }, (req, body, done) => {
    if (isBlank(body)) {
      done(null, {});
      return;
    }
    const { onProtoPoisoning, onConstructorPoisoning } = fastify.initialConfig as { onProtoPoisoning?: 'error'; onConstructorPoisoning?: 'error' };
    const parse = fastify.getDefaultJsonParser(onProtoPoisoning ?? 'error', onConstructorPoisoning ?? 'error');
    parse(
      req as never,
      body as never,
      ((err: (Error & { code?: string }) | null, parsed: unknown) => {
        if (err && (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError))
          done(new BadRequestException('Malformed JSON in request body'), undefined);
        else done(err, parsed);
      }) as never,
    );
  });
}

function isBlank(body: Buffer): boolean {
  for (const byte of body) if (byte !== 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) return false;
  return true;
}

export interface ApiOptions {
  /** Replace providers (tests: a manual clock, fake adapters). */
  override?: (builder: never) => unknown;
  bufferLogs?: boolean;
}

/** Builds the api exactly as main.ts runs it; tests call this too. */
export async function createApi(config: AppConfig, module: unknown = AppModule.forRoot(config)): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    bodyLimit: BODY_LIMIT,
    trustProxy: (config.trustProxyHops || false) as never,
    return503OnClosing: true,
    frameworkErrors: frameworkErrors as never,
  });
  const app = await NestFactory.create<NestFastifyApplication>(module as never, adapter, { rawBody: true, bufferLogs: true });
  configureApi(app, config);
  return app;
}

export function configureApi(app: NestFastifyApplication, config: AppConfig): void {
  app.useLogger(app.get(Logger));
  app.setGlobalPrefix(API_PREFIX);
  installHttpObservability(app, config); // X-Request-Id, HTTP metrics, GET /metrics (outside the prefix)
  app.useGlobalFilters(new HttpExceptionFilter(config.clientDist));
  useJsonBodyParser(app);
  app.useGlobalPipes(createValidationPipe());
  app.enableCors({
    origin: config.corsOrigins,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', 'X-Razorpay-Signature', 'X-Request-Id', 'Idempotency-Key'],
    exposedHeaders: ['X-Request-Id'],
    maxAge: 600,
  });
  app.enableShutdownHooks();
  const fastify = app.getHttpAdapter().getInstance();
  const headers = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://checkout.razorpay.com', 'https://accounts.google.com'],
        styleSrc: ["'self'", "'unsafe-inline'", 'https://accounts.google.com'],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", 'https://lumberjack.razorpay.com', 'https://accounts.google.com'],
        frameSrc: ["'self'", 'https://api.razorpay.com', 'https://checkout.razorpay.com', 'https://accounts.google.com'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  fastify.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
  void fastify.register(multipart as never, { limits: { fileSize: UPLOAD_LIMIT, files: 1, fields: 10 } });
  // Production publishes no route map (support and test routes included) unless API_DOCS=true.
  if (config.apiDocs) setupOpenApi(app);
  if (existsSync(config.clientDist)) {
    // The build writes a .br and a .gz beside each text file (client/vite.config.ts); hashed assets never change.
    void fastify.register(fastifyStatic as never, {
      root: config.clientDist,
      prefix: '/',
      wildcard: false,
      index: ['index.html'],
      preCompressed: true,
      setHeaders: (reply: { header: (name: string, value: string) => unknown }, path: string) => {
        reply.header('cache-control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
}

export async function createWorker(config: AppConfig): Promise<INestApplicationContext> {
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  return app;
}
