// 5. Client: builds the client, sums the gzipped JavaScript the landing and the dashboard routes load for the first
// screen (the entry from index.html + each route chunk, following static imports in the Vite manifest; lazy imports
// are not counted) → <= 200 kB each; and the landing page's Largest Contentful Paint in headless Chromium on loopback,
// served by the real api process → <= 1 s. Baselines: the whole app's JS (gzipped) and the LCP of a one-heading
// HTML page served by the same api, measured in the same run.
import { existsSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { benchSize, cleanRedis, createBenchDb, ensureBuilt, fmt, report, ROOT, run, runMain, startApi, stopProcess } from './lib.mjs';

const CLIENT_DIST = resolve(ROOT, 'client/dist');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function firstScreen(manifest, routeSrc) {
  const seen = new Set();
  const visit = (key) => {
    if (!key || seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const i of manifest[key].imports ?? []) visit(i);
  };
  visit('index.html');
  visit(routeSrc);
  const files = [...seen].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
  return files;
}

const gz = (file) => gzipSync(readFileSync(resolve(CLIENT_DIST, file))).length;

async function lcp(browser, url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(300);
  const value = await page.evaluate(
    () =>
      new Promise((resolveP) => {
        let last = null;
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          last = entries[entries.length - 1];
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolveP(last ? { t: last.startTime, el: last.element?.tagName ?? null, size: last.size } : null), 200);
      }),
  );
  await context.close();
  return value;
}

export async function main() {
  ensureBuilt();
  const size = benchSize();
  const manifestPath = resolve(CLIENT_DIST, '.vite/manifest.json');
  if (size !== 'small' || !existsSync(manifestPath)) await run('npm', ['--prefix', resolve(ROOT, 'client'), 'run', 'build'], { cwd: ROOT });
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const html = readFileSync(resolve(CLIENT_DIST, 'index.html'), 'utf8');
  const entryFile = manifest['index.html']?.file;
  const routes = { landing: 'src/app/routes/landing.tsx', dashboard: 'src/app/routes/dashboard.tsx' };
  const allJs = [
    ...new Set(
      Object.values(manifest)
        .map((c) => c.file)
        .filter((f) => f.endsWith('.js')),
    ),
  ];
  const allGz = allJs.reduce((s, f) => s + gz(f), 0);
  const bundles = {};
  for (const [name, src] of Object.entries(routes)) {
    const files = firstScreen(manifest, src);
    bundles[name] = { files, gz: files.reduce((s, f) => s + gz(f), 0), split: !!manifest[src]?.isDynamicEntry };
  }

  // LCP through the real api (it serves client/dist), vs a one-heading page from the same server
  const baselineFile = resolve(CLIENT_DIST, 'bench-lcp-baseline.html');
  writeFileSync(
    baselineFile,
    '<!doctype html><html><head><meta charset="utf-8"><title>baseline</title></head><body><h1>WakeStake baseline</h1><p>One heading and a line of text.</p></body></html>',
  );
  const db = await createBenchDb('client');
  let api;
  let browser;
  const runs = size === 'small' ? 1 : 5;
  const landing = [];
  const base = [];
  let lcpEl = null;
  try {
    api = await startApi(db);
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    const origin = `http://127.0.0.1:${api.port}`;
    if (size !== 'small') await lcp(browser, `${origin}/`); // warm-up (disk cache of the server, JIT)
    for (let i = 0; i < runs; i++) {
      const b = await lcp(browser, `${origin}/bench-lcp-baseline.html`);
      const l = await lcp(browser, `${origin}/`);
      if (b) base.push(b.t);
      if (l) {
        landing.push(l.t);
        lcpEl = l.el;
      }
    }
  } finally {
    await browser?.close();
    await stopProcess(api);
    rmSync(baselineFile, { force: true });
    await db.drop();
    await cleanRedis(db.prefix);
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const lcpMs = median(landing);
  const baseMs = median(base);
  const kb = (b) => `${fmt(b / 1024, 1)} kB`;
  return report(
    'client',
    [
      {
        figure: 'landing first-screen JS (gzip)',
        value: kb(bundles.landing.gz),
        baseline: `all app JS: ${kb(allGz)}`,
        ratio: `${fmt((bundles.landing.gz / allGz) * 100, 0)}%`,
        target: '<= 200 kB',
        pass: bundles.landing.gz <= 200 * 1024,
      },
      {
        figure: 'dashboard first-screen JS (gzip)',
        value: kb(bundles.dashboard.gz),
        baseline: `all app JS: ${kb(allGz)}`,
        ratio: `${fmt((bundles.dashboard.gz / allGz) * 100, 0)}%`,
        target: '<= 200 kB',
        pass: bundles.dashboard.gz <= 200 * 1024,
      },
      {
        figure: `landing LCP, headless Chromium, loopback (median of ${runs})`,
        value: `${fmt(lcpMs, 0)} ms`,
        baseline: `one-heading page: ${fmt(baseMs, 0)} ms`,
        ratio: `${fmt(lcpMs / baseMs, 1)}x`,
        target: '<= 1000 ms',
        pass: lcpMs <= 1000,
      },
    ],
    {
      size,
      checks: [
        { name: 'index.html loads the manifest entry', ok: !!entryFile && html.includes(entryFile) },
        {
          name: 'landing and dashboard are split route chunks',
          ok: bundles.landing.split && bundles.dashboard.split,
          detail: `${bundles.landing.files.length} / ${bundles.dashboard.files.length} files`,
        },
        { name: 'LCP observed on the landing page', ok: landing.length === runs && Number.isFinite(lcpMs), detail: `element ${lcpEl}` },
      ],
    },
  );
}

if (import.meta.url === `file://${process.argv[1]}`) runMain(main);
