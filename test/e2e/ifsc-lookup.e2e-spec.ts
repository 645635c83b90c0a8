import { createServer } from 'node:net';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { createUser, TestUser } from '../factories/wallet.js';
import { FakeIfscApi, HDFC_BRANCH } from '../factories/fake-ifsc.js';
import { IfscConfig } from '../../src/modules/wallet/infrastructure/ifsc/ifsc-directory.js';
import { loadConfig } from '../../src/config/app-config.js';

/** A port nothing listens on (opened, then closed). */
async function deadPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

describe('GET /api/v1/ifsc/{code} against a local IFSC API', () => {
  let t: TestApp;
  let api: FakeIfscApi;
  let user: TestUser;
  const config = { baseUrl: '', timeoutMs: 400 };
  beforeAll(async () => {
    api = await new FakeIfscApi().start();
    api.slowMs = 1_500;
    config.baseUrl = api.url;
    t = await createTestApp({ override: (b) => b.overrideProvider(IfscConfig).useValue(config) });
    user = await createUser(t);
  });
  afterAll(async () => {
    await t?.close();
    await api?.stop();
  });
  beforeEach(() => (config.baseUrl = api.url));

  const lookup = (code: string) =>
    t
      .http()
      .get(`/api/v1/ifsc/${encodeURIComponent(code)}`)
      .set(user.auth);

  it('answers the branch of a known IFSC (any case), and asks the directory once for repeated lookups', async () => {
    const before = api.requests.length;
    const res = await lookup('hdfc0001234').expect(200);
    expect(res.body).toEqual({
      success: true,
      data: {
        ifsc: 'HDFC0001234',
        bank: HDFC_BRANCH.BANK,
        branch: HDFC_BRANCH.BRANCH,
        city: HDFC_BRANCH.CITY,
        state: HDFC_BRANCH.STATE,
        address: HDFC_BRANCH.ADDRESS,
      },
    });
    expect(api.requests.slice(before)).toEqual(['HDFC0001234']);
    await lookup('HDFC0001234').expect(200);
    expect(api.requests.length).toBe(before + 1);
  });

  it("answers 404 'No bank branch has this IFSC' for a code the directory does not know (cached too)", async () => {
    const res = await lookup('ABCD0123456').expect(404);
    expect(res.body.error).toBe('No bank branch has this IFSC');
    const asked = api.requests.filter((c) => c === 'ABCD0123456').length;
    expect(asked).toBe(1);
    await lookup('ABCD0123456').expect(404);
    expect(api.requests.filter((c) => c === 'ABCD0123456').length).toBe(1);
  });

  it('answers 400 for a malformed code without asking the directory', async () => {
    const before = api.requests.length;
    for (const bad of ['HDFC1001234', 'HDF00001234', 'HDFC000123', 'HDFC00012345', 'HDFC0-01234', '12340001234']) {
      const res = await lookup(bad).expect(400);
      expect(res.body.error).toMatch(/valid IFSC/);
    }
    expect(api.requests.length).toBe(before);
  });

  it('answers 503 with a clear message when the directory fails (500), is too slow, or is unreachable; not cached', async () => {
    api.broken.add('BRKN0000001');
    api.branches.set('BRKN0000001', { ...HDFC_BRANCH, IFSC: 'BRKN0000001', BANK: 'Broken Bank' });
    const broken = await lookup('BRKN0000001').expect(503);
    expect(broken.body.error).toMatch(/lookup is unavailable.*type the bank name/);
    // Once the directory answers again, the lookup works: the failure was not remembered.
    api.broken.delete('BRKN0000001');
    expect((await lookup('BRKN0000001').expect(200)).body.data.bank).toBe('Broken Bank');

    api.slow.add('SLOW0000001');
    api.branches.set('SLOW0000001', { ...HDFC_BRANCH, IFSC: 'SLOW0000001' });
    const started = Date.now();
    const slow = await lookup('SLOW0000001').expect(503);
    expect(Date.now() - started).toBeLessThan(1_400);
    expect(slow.body.error).toMatch(/lookup is unavailable/);

    config.baseUrl = `http://127.0.0.1:${await deadPort()}`;
    const down = await lookup('UNRC0000001').expect(503);
    expect(down.body.error).toMatch(/lookup is unavailable/);
  });

  it('answers 503 when the directory answers 200 with something that is not a branch', async () => {
    api.branches.set('ODDB0000001', { hello: 'world' });
    expect((await lookup('ODDB0000001').expect(503)).body.error).toMatch(/lookup is unavailable/);
  });

  it('needs a signed-in user', async () => {
    await t.http().get('/api/v1/ifsc/HDFC0001234').expect(401);
  });
});

describe('the IFSC directory settings (checked at boot with every other variable)', () => {
  const BASE = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(32) };
  it('defaults to Razorpay and refuses a bad URL or timeout', () => {
    expect(IfscConfig.of(loadConfig(BASE))).toEqual(new IfscConfig('https://ifsc.razorpay.com', 3000));
    expect(IfscConfig.of(loadConfig({ ...BASE, IFSC_API_URL: 'http://127.0.0.1:9/', IFSC_API_TIMEOUT_MS: '500' }))).toEqual(
      new IfscConfig('http://127.0.0.1:9', 500),
    );
    expect(() => loadConfig({ ...BASE, IFSC_API_URL: 'ftp://x' })).toThrow(/IFSC_API_URL/);
    expect(() => loadConfig({ ...BASE, IFSC_API_URL: 'not a url' })).toThrow(/IFSC_API_URL/);
    expect(() => loadConfig({ ...BASE, IFSC_API_TIMEOUT_MS: '5' })).toThrow(/IFSC_API_TIMEOUT_MS/);
  });
});
