import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestApp, TestApp } from '../setup/test-app.js';

const COMMITTED = join(__dirname, '..', '..', 'client', 'openapi.json');
const REGENERATE = 'npm run openapi (writes client/openapi.json; the client build regenerates its types from it)';

/** JSON pointers where the served document `a` and the committed `b` differ (key order aside), the first `limit`. */
function differences(a: unknown, b: unknown, at = '', out: string[] = [], limit = 20): string[] {
  if (out.length >= limit) return out;
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    const ao = a as Record<string, unknown>;
    const bo = b as Record<string, unknown>;
    for (const k of new Set([...Object.keys(ao), ...Object.keys(bo)])) {
      if (!(k in ao)) out.push(`${at}/${k}: only in the committed file`);
      else if (!(k in bo)) out.push(`${at}/${k}: only in the server's document`);
      else differences(ao[k], bo[k], `${at}/${k}`, out, limit);
      if (out.length >= limit) break;
    }
  } else if (JSON.stringify(a) !== JSON.stringify(b)) out.push(`${at}: differs`);
  return out;
}

// The client's API types are generated from client/openapi.json, so it must be what the server describes.
describe('contract: the committed OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('client/openapi.json is what the server serves at /api/docs-json', async () => {
    const served = (await t.http().get('/api/docs-json').expect(200)).body as unknown;
    let committed: unknown = null;
    try {
      committed = JSON.parse(readFileSync(COMMITTED, 'utf8'));
    } catch {
      throw new Error(`client/openapi.json is missing or not JSON: run ${REGENERATE}, and commit it.`);
    }
    const diff = differences(served, committed);
    if (diff.length) throw new Error(`client/openapi.json is out of date with the server: run ${REGENERATE}, and commit it.\n${diff.join('\n')}`);
  });
});
