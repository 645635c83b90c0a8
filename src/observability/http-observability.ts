import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { AppConfig } from '../config/app-config.js';
import { Metrics } from './metrics.service.js';
import { requestContext, requestIdFrom } from './request-context.js';

/** Constant-time check of `Authorization: Bearer <METRICS_TOKEN>` (no token configured: open, for a private network). */
export function metricsAuthorized(token: string | null, header: unknown): boolean {
  if (!token) return true;
  const given = Buffer.from(typeof header === 'string' ? header : '');
  const want = Buffer.from(`Bearer ${token}`);
  return given.length === want.length && timingSafeEqual(given, want);
}

/**
 * The api's request ids, HTTP metrics and GET /metrics, as Fastify hooks (cheap: no Nest pipeline, one histogram
 * observation labelled by the route pattern per request).
 */
export function installHttpObservability(app: NestFastifyApplication, config: AppConfig): void {
  const fastify = app.getHttpAdapter().getInstance();
  const metrics = app.get(Metrics);
  // The adapter's own request hook runs before Nest middleware (pino-http), which copies request.id to the access line.
  (app.getHttpAdapter() as unknown as { setOnRequestHook(hook: (req: FastifyRequest, reply: FastifyReply, done: () => void) => void): void }).setOnRequestHook(
    (req, reply, done) => {
      const requestId = requestIdFrom(req.headers['x-request-id']);
      (req as { id: string }).id = requestId;
      (req.raw as { id?: unknown }).id = requestId;
      void reply.header('x-request-id', requestId);
      requestContext.run({ requestId }, done); // middleware lines and the access line
    },
  );
  // Entered again here: body parsing runs on the socket's own async context, which loses it. From here on the handler
  // (guards, pipes, the service, the jobs it enqueues, the exception filter) runs inside it.
  fastify.addHook('preHandler', (req, _reply, done) => {
    requestContext.run({ requestId: req.id }, done);
  });
  fastify.addHook('onResponse', (req, reply, done) => {
    metrics.observeHttp(req.method, req.routeOptions?.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  fastify.get('/metrics', async (req, reply) => {
    if (!metricsAuthorized(config.metricsToken, req.headers.authorization)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ success: false, statusCode: 401, error: 'Metrics need the metrics token', message: 'Metrics need the metrics token' });
    }
    const text = await metrics.render();
    return reply.header('content-type', metrics.contentType).header('cache-control', 'no-store').send(text);
  });
}
