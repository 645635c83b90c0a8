// temporary tracing helper (deleted before hand-off)
import puppeteer from 'puppeteer-core';
import { cleanRedis, createBenchDb, startApi, stopProcess } from './lib.mjs';
const path = process.argv[2] ?? '/login';
const db = await createBenchDb('trace');
const api = await startApi(db, { TEST_MODE: 'false' });
const origin = `http://127.0.0.1:${api.port}`;
const post = async (method, p, body, token) => (await fetch(`${origin}/api/v1${p}`, { method, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) })).json();
const reg = await post('POST', '/auth/register', { email: `p${Date.now()}@t.local`, password: 'correct-horse-battery', fullName: 'Meera Iyer' });
await post('PUT', '/auth/profile', { phoneNumber: '9876543210', city: 'Pune', occupation: 'student' }, reg.token);
const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage();
  await page.setViewport({ width: 412, height: 823 });
  await page.goto(`${origin}/favicon.svg`);
  if (path === '/dashboard') await page.evaluate((tk) => localStorage.setItem('token', tk), reg.token);
  const cdp = await page.createCDPSession();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.tracing.start({ categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing'] });
  await page.goto(`${origin}${path}`, { waitUntil: 'networkidle0' });
  await new Promise((r) => setTimeout(r, 3000));
  const buf = await page.tracing.stop();
  const events = JSON.parse(Buffer.from(buf).toString("utf8")).traceEvents;
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && events.some((x) => x.pid === e.pid && x.name === 'ParseHTML'));
  const ev = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
  const tasks = ev.filter((e) => e.name === 'RunTask' && e.dur > 30000).sort((a, b) => a.ts - b.ts);
  const t0 = Math.min(...ev.map((e) => e.ts));
  for (const t of tasks) {
    const kids = ev.filter((e) => e.ts >= t.ts && e.ts + e.dur <= t.ts + t.dur && e !== t && e.dur > 5000 && ['EvaluateScript', 'v8.evaluateModule', 'FunctionCall', 'TimerFire', 'UpdateLayoutTree', 'Layout', 'ParseHTML', 'v8.compileModule', 'v8.compile', 'FireAnimationFrame', 'RunMicrotasks', 'EventDispatch', 'Paint', 'PrePaint', 'Commit', 'MajorGC', 'MinorGC', 'V8.GC_SCAVENGER', 'v8.run', 'HTMLDocumentParser::FetchQueuedPreloads'].includes(e.name));
    console.log(`${((t.ts - t0) / 1000).toFixed(0)}ms dur ${(t.dur / 1000).toFixed(0)}ms: ` + kids.map((k) => `${k.name}${k.args?.data?.url ? '(' + k.args.data.url.split('/').pop().slice(0, 20) + ')' : k.args?.data?.functionName ? '(' + k.args.data.functionName + ')' : ''} ${(k.dur / 1000).toFixed(0)}`).join(', '));
  }
} finally {
  await browser.close();
  await stopProcess(api);
  await db.drop();
  await cleanRedis(db.prefix);
}
