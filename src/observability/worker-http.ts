import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppConfig } from '../config/app-config.js';
import { Metrics } from './metrics.service.js';
import { Readiness } from './readiness.js';
import { metricsAuthorized } from './http-observability.js';

/**
 * The worker's small HTTP port (WORKER_HEALTH_PORT, default 9464; 0 picks a free port, `off` opens none):
 * GET /health (readiness: PostgreSQL, Redis, migrations), GET /health/live, GET /metrics. Nothing else.
 */
@Injectable()
export class WorkerHttpServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('WorkerHttp');
  private server: Server | null = null;
  port: number | null = null;

  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(Metrics) private readonly metrics: Metrics,
    @Inject(Readiness) private readonly readiness: Readiness,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.workerHealthPort === null) return;
    const server = createServer((req, res) => {
      const path = (req.url ?? '/').split('?')[0];
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
        res.end(JSON.stringify(body));
      };
      if (req.method !== 'GET' && req.method !== 'HEAD')
        return json(405, { success: false, statusCode: 405, error: 'Method not allowed', message: 'Method not allowed' });
      const answer = async () => {
        if (path === '/health' || path === '/health/ready') {
          const r = await this.readiness.ready();
          return json(r.ok ? 200 : 503, r.body);
        }
        if (path === '/health/live') return json(200, (await this.readiness.live()).body);
        if (path === '/metrics') {
          if (!metricsAuthorized(this.config.metricsToken, req.headers.authorization))
            return json(401, { success: false, statusCode: 401, error: 'Metrics need the metrics token', message: 'Metrics need the metrics token' });
          const text = await this.metrics.render();
          res.writeHead(200, { 'content-type': this.metrics.contentType, 'cache-control': 'no-store' });
          return res.end(text);
        }
        return json(404, { success: false, statusCode: 404, error: 'Resource not found', message: 'Resource not found' });
      };
      answer().catch((e: Error) => {
        this.logger.warn(`worker health request failed: ${e.message}`);
        if (!res.headersSent)
          json(500, { success: false, statusCode: 500, error: 'Server error. Please try again later', message: 'Server error. Please try again later' });
        else res.end();
      });
    });
    server.keepAliveTimeout = 5_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.config.workerHealthPort!, this.config.workerHealthHost, () => resolve());
    });
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
    this.logger.log(`worker health and metrics on http://${this.config.workerHealthHost}:${this.port}`);
  }

  async onApplicationShutdown(): Promise<void> {
    const s = this.server;
    this.server = null;
    if (!s) return;
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }
}
