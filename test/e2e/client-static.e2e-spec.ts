import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { createTestApp, TestApp } from '../setup/test-app.js';

/** The api serves the client build: the build's .br/.gz copies when the browser takes them, hashed assets cached for good. */
describe('client files (a phone downloads the app compressed, once)', () => {
  let t: TestApp;
  const js = `export const app = "${'wake up on time '.repeat(200)}";\n`;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'wakestake-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>WakeStake</title><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'boot-abc123.js'), js);
    writeFileSync(join(dist, 'assets', 'boot-abc123.js.br'), brotliCompressSync(js));
    writeFileSync(join(dist, 'assets', 'boot-abc123.js.gz'), gzipSync(js));
    t = await createTestApp({ env: { CLIENT_DIST: dist } });
  });
  afterAll(() => t.close());

  it('sends the brotli copy to a browser that takes brotli, gzip to one that takes gzip, the file itself otherwise', async () => {
    const br = await t
      .http()
      .get('/assets/boot-abc123.js')
      .set('Accept-Encoding', 'br, gzip')
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(br.headers['content-length'])).toBeLessThan(js.length / 4);

    const gz = await t.http().get('/assets/boot-abc123.js').set('Accept-Encoding', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.text).toBe(js);

    const plain = await t.http().get('/assets/boot-abc123.js').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(js);
  });

  it('lets browsers keep hashed assets for a year and makes them revalidate the page itself', async () => {
    const asset = await t.http().get('/assets/boot-abc123.js');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await t.http().get('/');
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    const route = await t.http().get('/dashboard');
    expect(route.status).toBe(200);
    expect(route.headers['cache-control']).toBe('no-cache');
  });
});
