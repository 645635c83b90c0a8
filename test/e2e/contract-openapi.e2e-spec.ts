import { createTestApp, TestApp } from '../setup/test-app.js';
import { createUser } from '../factories/wallet.js';

type Op = {
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, { format?: string }> } }> };
  responses: Record<string, { content?: Record<string, { schema?: { required?: string[]; properties?: Record<string, unknown> }; example?: unknown }> }>;
};
type Doc = { paths: Record<string, Record<string, Op>> };

// "Published and generated": the document at /api/docs-json describes what every route answers.
describe('contract: the OpenAPI document', () => {
  let t: TestApp;
  let doc: Doc;
  beforeAll(async () => {
    t = await createTestApp();
    doc = (await t.http().get('/api/docs-json').expect(200)).body as Doc;
  });
  afterAll(() => t.close());

  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ route: `${method.toUpperCase()} ${path}`, op })));

  it('gives every operation a tag, a 2xx answer with a schema, and the error answers in the error shape', () => {
    expect(operations().length).toBeGreaterThan(40);
    const lacking: string[] = [];
    for (const { route, op } of operations()) {
      if (!op.tags?.length) lacking.push(`${route}: no tag`);
      const ok = Object.entries(op.responses).find(([status]) => status.startsWith('2'));
      const schema = ok && Object.values(ok[1].content ?? {})[0]?.schema;
      if (!schema) lacking.push(`${route}: no 2xx response schema (add it to RESPONSES in src/openapi-contract/responses.ts)`);
      for (const status of ['400', '401', '403', '404', '429', '503']) {
        const err = op.responses[status]?.content?.['application/json']?.schema;
        if (!err?.required?.includes('statusCode') || !err.required.includes('message')) lacking.push(`${route}: no ${status} in the error shape`);
      }
    }
    expect(lacking).toEqual([]);
  });

  it('describes the check-in’s multipart photo body and the webhook’s raw body and signature header', () => {
    const verify = doc.paths['/api/v1/challenges/verify'].post;
    expect(verify.requestBody?.content?.['multipart/form-data']?.schema?.properties?.photo).toMatchObject({ format: 'binary' });
    expect(verify.requestBody?.content?.['application/json']).toBeDefined();
    const webhook = doc.paths['/api/v1/wallet/webhooks/razorpay'].post;
    expect(webhook.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'X-Razorpay-Signature', in: 'header', required: true })]));
    expect(webhook.requestBody?.content?.['application/json']).toBeDefined();
  });

  it('names the shared shapes (a generated client reads them by name)', () => {
    const schemas = (doc as unknown as { components: { schemas: Record<string, { properties?: Record<string, unknown> }> } }).components.schemas;
    for (const name of ['Challenge', 'Transaction', 'User', 'AuthResponse', 'Notification', 'PaymentMethod', 'EarningDay', 'WithdrawalResult'])
      expect(schemas[name]).toBeDefined();
    expect(Object.keys(schemas.Challenge.properties ?? {})).toEqual(
      expect.arrayContaining(['winningsAmount', 'poolShare', 'estimatedWinnings', 'actualForfeitAmount', 'statusDescription']),
    );
  });

  it('shows examples on the money routes', () => {
    for (const [path, method] of [
      ['/api/v1/wallet/balance', 'get'],
      ['/api/v1/wallet/deposit', 'post'],
      ['/api/v1/wallet/verify-payment', 'post'],
      ['/api/v1/wallet/withdraw', 'post'],
      ['/api/v1/wallet/withdraw/validate', 'post'],
      ['/api/v1/wallet/transactions', 'get'],
    ]) {
      const ok = Object.entries(doc.paths[path][method].responses).find(([s]) => s.startsWith('2'))!;
      expect({ path, example: ok[1].content?.['application/json']?.example !== undefined }).toEqual({ path, example: true });
    }
  });

  it('what the server answers carries the fields its schema requires', async () => {
    const u = await createUser(t);
    const required = (path: string, method: string) => {
      const ok = Object.entries(doc.paths[path][method].responses).find(([s]) => s.startsWith('2'))!;
      return ok[1].content!['application/json'].schema!;
    };
    const check = (schema: { required?: string[]; properties?: Record<string, unknown> }, body: Record<string, unknown>) => {
      for (const k of schema.required ?? []) expect({ field: k, present: k in body }).toEqual({ field: k, present: true });
    };
    const balance = await t.http().get('/api/v1/wallet/balance').set(u.auth).expect(200);
    check(required('/api/v1/wallet/balance', 'get'), balance.body);
    const tx = await t.http().get('/api/v1/wallet/transactions').set(u.auth).expect(200);
    const txSchema = required('/api/v1/wallet/transactions', 'get');
    check(txSchema, tx.body);
    check(txSchema.properties!.data as { required: string[] }, tx.body.data);
    const stats = await t.http().get('/api/v1/challenges/stats').set(u.auth).expect(200);
    check(required('/api/v1/challenges/stats', 'get'), stats.body);
    const health = await t.http().get('/api/v1/health').expect(200);
    check(required('/api/v1/health', 'get'), health.body);
    const live = await t.http().get('/api/v1/health/live').expect(200);
    const probe = (doc as unknown as { components: { schemas: Record<string, { required?: string[] }> } }).components.schemas.HealthProbe;
    check(probe, live.body);
  });
});
