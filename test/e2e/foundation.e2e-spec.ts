import { createTestApp, TestApp } from '../setup/test-app.js';
import { collectRoutes } from '../setup/routes.js';
import { loadConfig, ConfigError } from '../../src/config/app-config.js';

describe('foundation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reports PostgreSQL and Redis up on /api/v1/health', async () => {
    const res = await t.http().get('/api/v1/health').expect(200);
    expect(res.body).toMatchObject({ success: true, database: 'up', redis: 'up' });
  });

  it('answers an unknown api route with 404 in the error shape', async () => {
    const res = await t.http().get('/api/v1/no-such-thing').expect(404);
    expect(res.body).toEqual({ success: false, statusCode: 404, error: 'Resource not found', message: 'Resource not found' });
  });

  it('answers malformed JSON with 400 in the error shape', async () => {
    const res = await t.http().post('/api/v1/health').set('content-type', 'application/json').send('{"a":').expect(400);
    expect(res.body).toMatchObject({ success: false, statusCode: 400 });
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.(js|ts):\d+/);
  });

  it('answers a 2 MB body with 413 in the error shape', async () => {
    const big = JSON.stringify({ data: 'x'.repeat(2 * 1024 * 1024) });
    const res = await t.http().post('/api/v1/health').set('content-type', 'application/json').send(big);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ success: false, statusCode: 413, error: 'Request body is too large' });
  });

  it('sends security headers and answers CORS preflight for allowed origins only', async () => {
    const res = await t.http().get('/api/v1/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    const ok = await t.http().options('/api/v1/health').set('Origin', 'http://localhost:5173').set('Access-Control-Request-Method', 'POST');
    expect(ok.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    const bad = await t.http().options('/api/v1/health').set('Origin', 'http://evil.example').set('Access-Control-Request-Method', 'POST');
    expect(bad.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('exposes the client configuration without secrets', async () => {
    const res = await t.http().get('/api/v1/config').expect(200);
    expect(res.body.data).toMatchObject({ testMode: true, paymentsProvider: 'sandbox' });
    expect(JSON.stringify(res.body)).not.toContain(t.config.razorpayKeySecret);
  });
});

describe('configuration at boot', () => {
  it('names the variable that is malformed', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ TEST_MODE: 'maybe' })).toThrow(/TEST_MODE/);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ APP_TIMEZONE: 'Mars/Olympus' })).toThrow(/APP_TIMEZONE/);
  });
  it('uses the documented defaults', () => {
    const c = loadConfig({ JWT_SECRET: 'x'.repeat(32) });
    expect(c).toMatchObject({ port: 3000, appTimezone: 'Asia/Kolkata', testMode: false, paymentsProvider: 'sandbox', redisUrl: 'redis://127.0.0.1:6379' });
    expect(c.corsOrigins).toEqual(['http://localhost:3000', 'http://localhost:5173']);
  });
});

describe('OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is served at /api/docs-json and describes every /api/v1 route', async () => {
    const routes = collectRoutes(t);
    const res = await t.http().get('/api/docs-json').expect(200);
    const doc = res.body as { paths: Record<string, Record<string, unknown>>; components: { securitySchemes: Record<string, unknown> } };
    expect(doc.components.securitySchemes.bearer).toBeDefined();
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.replace(/\{[^}]+\}/g, ':p')}`)),
    );
    const missing = routes.map((r) => `${r.method} ${r.url.replace(/:[^/]+/g, ':p')}`).filter((r) => !documented.has(r));
    expect(missing).toEqual([]);
    expect(routes.map((r) => r.url)).toContain('/api/v1/health');
  });
});
