import { createTestApp, TestApp } from '../setup/test-app.js';

describe('support in the OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('describes every support route with its tag and the bearer requirement', async () => {
    const doc = (await t.http().get('/api/docs-json').expect(200)).body as { paths: Record<string, Record<string, { tags?: string[]; security?: unknown[] }>> };
    const expected = [
      ['get', '/api/v1/support/users'],
      ['get', '/api/v1/support/users/{id}'],
      ['get', '/api/v1/support/users/{id}/ledger'],
      ['get', '/api/v1/support/challenges/{id}'],
      ['get', '/api/v1/support/challenges/{id}/photo'],
      ['get', '/api/v1/support/ledger/verify'],
      ['post', '/api/v1/support/ledger/verify'],
      ['get', '/api/v1/support/ledger/health'],
      ['get', '/api/v1/support/settlements'],
      ['get', '/api/v1/support/settlements/{date}'],
      ['post', '/api/v1/support/settlements/{date}/rerun'],
      ['get', '/api/v1/support/queues'],
      ['get', '/api/v1/support/queues/{name}/jobs'],
      ['post', '/api/v1/support/queues/{name}/jobs/{id}/retry'],
    ];
    for (const [method, path] of expected) {
      const op = doc.paths[path]?.[method];
      expect({ path, method, tags: op?.tags }).toEqual({ path, method, tags: ['support'] });
      expect(op.security).toEqual([{ bearer: [] }]);
    }
    for (const [path, ops] of Object.entries(doc.paths)) {
      if (!/^\/api\/v1\/(wallet|challenges|streaks|settlements)/.test(path)) continue;
      for (const [method, op] of Object.entries(ops)) expect({ path, method, tagged: (op.tags ?? []).length > 0 }).toEqual({ path, method, tagged: true });
    }
    expect(doc.paths['/api/v1/wallet/webhooks/razorpay'].post.security).toEqual([]);
  });
});
