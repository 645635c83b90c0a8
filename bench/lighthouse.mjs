// npm run bench:lighthouse: Lighthouse 12 (its default profile: a throttled mid-range phone, simulated slow 4G and
// 4x CPU slowdown) on the first screens a visitor and a signed-in user see: /, /login, /register and /dashboard.
// Starts the built app (node dist/src/main.js, which serves client/dist on the same port) on a database of its own,
// signs a user up through the API with a complete profile for /dashboard, and prints performance, accessibility,
// best practices and SEO per page: the median of --runs=N runs (default 3; on a busy shared machine one run varies by ±10 points).
// Flags: --runs=N, --warmup=N (unmeasured loads of each page first, default 1), --pages=/,/dashboard (or all), --json=file (every run's scores and metrics), --lhr-dir=dir (each run's full
// Lighthouse report, JSON, for the details), --nice=-10 (Chromium and the api at that priority: Lighthouse's simulated
// phone multiplies the CPU time it observes by 4, so on a shared, busy machine every other process's load would count as
// the page's; negative values need root). `benchmark index` is Lighthouse's measure of the CPU it ran on (below ~1,000
// the scores say more about the machine than about the page). Build first:
// `npm run build:server && npm --prefix client run build` (a production build: NODE_ENV must not be development);
// CLIENT_DIST=dir measures a client built elsewhere (`npx vite build --outDir dir` in client/).
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { spawnSync } from 'node:child_process';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { cleanRedis, createBenchDb, ensureBuilt, machine, ROOT, runMain, startApi, stopProcess } from './lib.mjs';

const CHROME_PATH = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const argv = process.argv.slice(2);
const flag = (name) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const RUNS = Number(flag('runs') ?? 3);
const WARMUP = Number(flag('warmup') ?? 1);
// The screens a visitor opens (measured signed out); every other one is measured signed in, as a person with a complete
// profile. --pages=all: every screen of the app but the staff console and the one-off links (a group invite, an email's
// verify or reset link).
const VISITOR_PAGES = new Set(['/', '/login', '/register', '/forgot-password', '/terms', '/privacy', '/refunds', '/grievance', '/help']);
const ALL_PAGES = [
  ...VISITOR_PAGES,
  '/dashboard',
  '/challenge',
  '/wallet/transactions',
  '/withdraw',
  '/progress',
  '/settings',
  '/profile',
  '/groups',
  '/review',
  '/wake-tag',
];
const PAGES = flag('pages') === 'all' ? ALL_PAGES : (flag('pages') ?? '/,/login,/register,/dashboard').split(',');
const JSON_OUT = flag('json');
const LHR_DIR = flag('lhr-dir');
const NICE = flag('nice');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
  SI: 'speed-index',
};
const TARGETS = { performance: 90, accessibility: 95, 'best-practices': 95 };

/** A user with a complete profile (the dashboard's guard), registered through the API. */
async function signUp(origin) {
  const email = `lighthouse.${Date.now()}@test.local`;
  const post = async (method, path, body, token) => {
    const res = await fetch(`${origin}/api/v1${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const json = await res.json().catch(() => ({}));
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`);
    return json;
  };
  // As the sign-up form does: the terms in force accepted (GET /config), so no consent prompt stands in the way.
  const config = await (await fetch(`${origin}/api/v1/config`)).json();
  const termsVersion = (config.data ?? config).termsVersion;
  const reg = await post('POST', '/auth/register', {
    email,
    password: 'correct-horse-battery',
    fullName: 'Meera Iyer',
    ...(termsVersion ? { termsVersion } : {}),
  });
  await post('PUT', '/auth/profile', { phoneNumber: '9876543210', city: 'Pune', occupation: 'student', dateOfBirth: '1995-06-15' }, reg.token);
  return reg.token;
}

const median = (xs) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN;
};

export async function main() {
  ensureBuilt();
  // CLIENT_DIST (the api's own setting) measures a build kept elsewhere, e.g. one another build cannot overwrite mid-run.
  const dist = resolve(ROOT, process.env.CLIENT_DIST ?? 'client/dist');
  const index = resolve(dist, 'index.html');
  if (!existsSync(index)) throw new Error(`${dist} is missing: run \`npm --prefix client run build\` first`);
  if (readFileSync(index, 'utf8').includes('/@vite/client')) throw new Error(`${dist} is not a production build`);

  const db = await createBenchDb('lighthouse');
  let api;
  let chrome;
  let wrapperDir;
  let browser;
  const results = {};
  try {
    api = await startApi(db, { TEST_MODE: 'false' });
    let chromePath = CHROME_PATH;
    if (NICE) {
      spawnSync('renice', ['-n', NICE, '-p', String(api.pid)]);
      wrapperDir = mkdtempSync(resolve(tmpdir(), 'lighthouse-'));
      chromePath = resolve(wrapperDir, 'chromium');
      writeFileSync(chromePath, `#!/bin/sh\nexec nice -n ${Number(NICE)} ${CHROME_PATH} "$@"\n`);
      chmodSync(chromePath, 0o755);
    }
    const origin = `http://127.0.0.1:${api.port}`;
    const token = await signUp(origin);

    chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });

    console.log(
      `Lighthouse ${JSON.parse(readFileSync(resolve(ROOT, 'node_modules/lighthouse/package.json'), 'utf8')).version}, ` +
        `mobile (default throttled profile), ${RUNS} run(s) per page after ${WARMUP} unmeasured load(s), median; ${new Date().toISOString()}, ${machine()}, ` +
        `load average ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}${NICE ? `, nice ${NICE}` : ''}`,
    );
    for (const path of PAGES) {
      const signedIn = !VISITOR_PAGES.has(path);
      const runs = [];
      // Unmeasured loads first (--warmup=N, default 1): the api's first answers after it starts (JIT, connection pools,
      // prepared plans) and Chromium's first navigation in a fresh process are the harness's cold start, not the page's;
      // a production server is warm. Each measured run below still starts with an empty HTTP cache.
      for (let i = 0; i < WARMUP; i++) {
        const page = await browser.newPage();
        await page.goto(`${origin}/favicon.svg`);
        await page.evaluate(
          (tk) => {
            localStorage.clear();
            if (tk) localStorage.setItem('token', tk);
          },
          signedIn ? token : null,
        );
        await page.goto(`${origin}${path}`, { waitUntil: 'networkidle0', timeout: 60_000 });
        await page.close();
      }
      for (let i = 0; i < RUNS; i++) {
        const page = await browser.newPage();
        const options = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES, disableStorageReset: true };
        // Each run starts cold: no session unless the page needs one, an empty HTTP cache. The session is what the app
        // keeps in localStorage (SPEC.md section 9), stored from a page of the origin that does not start the app;
        // Lighthouse must then keep storage (disableStorageReset), so the cache is cleared here.
        await page.goto(`${origin}/favicon.svg`);
        await page.evaluate(
          (tk) => {
            localStorage.clear();
            if (tk) localStorage.setItem('token', tk);
          },
          signedIn ? token : null,
        );
        const cdp = await page.createCDPSession();
        await cdp.send('Network.clearBrowserCache');
        await cdp.detach();
        let lhr = (await lighthouse(`${origin}${path}`, options, undefined, page)).lhr;
        // A trace Chromium failed to record (NO_NAVSTART, NO_FCP on a busy machine) is run once more.
        if (lhr.runtimeError) lhr = (await lighthouse(`${origin}${path}`, options, undefined, page)).lhr;
        await page.close();
        if (LHR_DIR) writeFileSync(resolve(LHR_DIR, `${path === '/' ? 'landing' : path.slice(1).replace(/\W+/g, '_')}-${i + 1}.json`), JSON.stringify(lhr));
        if (lhr.runtimeError) throw new Error(`${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        const finalUrl = lhr.finalDisplayedUrl ?? lhr.finalUrl;
        if (new URL(finalUrl).pathname !== path) throw new Error(`${path} ended on ${finalUrl} (signed in: ${signedIn})`);
        const run = { scores: {}, metrics: {}, failed: [], benchmarkIndex: lhr.environment?.benchmarkIndex };
        for (const c of CATEGORIES) run.scores[c] = Math.round((lhr.categories[c]?.score ?? NaN) * 100);
        for (const [k, id] of Object.entries(METRICS)) run.metrics[k] = lhr.audits[id]?.numericValue;
        // Audits that cost points outside performance (and performance's opportunities), for the report.
        for (const c of CATEGORIES) {
          for (const ref of lhr.categories[c]?.auditRefs ?? []) {
            const a = lhr.audits[ref.id];
            if (ref.weight > 0 && a && a.score !== null && a.score < 0.9 && !Object.values(METRICS).includes(ref.id)) run.failed.push(`${c}:${ref.id}`);
          }
        }
        runs.push(run);
        process.stderr.write(
          `  ${path} run ${i + 1}: ${CATEGORIES.map((c) => run.scores[c]).join(' / ')} (benchmark index ${Math.round(run.benchmarkIndex)})\n`,
        );
      }
      results[path] = runs;
    }
  } finally {
    await browser?.disconnect().catch(() => undefined);
    await chrome?.kill();
    if (wrapperDir) rmSync(wrapperDir, { recursive: true, force: true });
    await stopProcess(api);
    await db.drop();
    await cleanRedis(db.prefix);
  }

  const rows = [['page', ...CATEGORIES, 'FCP', 'LCP', 'TBT', 'CLS', 'SI', 'benchmark index']];
  let ok = true;
  for (const [path, runs] of Object.entries(results)) {
    const score = (c) => median(runs.map((r) => r.scores[c]));
    const metric = (k) => median(runs.map((r) => r.metrics[k]));
    for (const [c, min] of Object.entries(TARGETS)) if (!(score(c) >= min)) ok = false;
    const ms = (v) => `${(v / 1000).toFixed(1)} s`;
    rows.push([
      path,
      ...CATEGORIES.map(score),
      ms(metric('FCP')),
      ms(metric('LCP')),
      `${Math.round(metric('TBT'))} ms`,
      metric('CLS').toFixed(3),
      ms(metric('SI')),
      Math.round(median(runs.map((r) => r.benchmarkIndex))),
    ]);
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  const line = (r) => '| ' + r.map((c, i) => String(c).padEnd(widths[i])).join(' | ') + ' |';
  console.log(line(rows[0]));
  console.log('|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|');
  for (const r of rows.slice(1)) console.log(line(r));
  for (const [path, runs] of Object.entries(results)) {
    const failed = [...new Set(runs.flatMap((r) => r.failed))];
    if (failed.length) console.log(`${path} audits below 0.9: ${failed.join(', ')}`);
  }
  console.log(`targets (performance >= 90, accessibility >= 95, best practices >= 95 on every page): ${ok ? 'PASS' : 'FAIL'}`);
  if (JSON_OUT) writeFileSync(JSON_OUT, JSON.stringify(results, null, 2));
  return ok;
}

if (import.meta.url === `file://${process.argv[1]}`) runMain(main);
