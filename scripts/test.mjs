// `npm test`: every test. Builds server and client, then jest (unit, API, worker and browser tests
// against real PostgreSQL, Redis and Chromium), then the client's vitest suite, and prints one total.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { build, ensureInstalled, redisAnswers, root, say } from './lib.mjs';

const soak = process.argv.includes('--soak');
const extra = process.argv.slice(2).filter((a) => a !== '--soak');

ensureInstalled(root);
ensureInstalled(join(root, 'client'));
build();

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
if (!(await redisAnswers(redisUrl))) {
  say(`Redis is not answering at ${redisUrl}: start one with \`redis-server --daemonize yes\`, then run npm test again.`);
  process.exit(1);
}

const out = join(root, 'var', 'test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const env = { ...process.env, FORCE_COLOR: '0' };
if (soak) env.SOAK = '1';
const jestArgs = ['node_modules/jest/bin/jest.js', '--maxWorkers=1', '--json', `--outputFile=${join(out, 'jest.json')}`];
if (soak) jestArgs.push('test/e2e/simulation');
jestArgs.push(...extra);
say(soak ? 'running the long simulation ...' : 'running server, API, worker and browser tests ...');
const jest = spawnSync(process.execPath, jestArgs, { cwd: root, stdio: 'inherit', env });

let client = { status: 0 };
if (!soak && extra.length === 0) {
  say('running client tests ...');
  client = spawnSync('npm', ['test', '--', '--reporter=default', '--reporter=json', `--outputFile=${join(out, 'vitest.json')}`], { cwd: join(root, 'client'), stdio: 'inherit', env });
}

function counts(file) {
  if (!existsSync(file)) return { passed: 0, failed: 0, skipped: 0, missing: true };
  const r = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: r.numPassedTests ?? 0, failed: (r.numFailedTests ?? 0) + (r.numRuntimeErrorTestSuites ?? 0), skipped: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0) };
}
const j = counts(join(out, 'jest.json'));
const v = soak || extra.length ? { passed: 0, failed: 0, skipped: 0 } : counts(join(out, 'vitest.json'));
const failed = j.failed + v.failed + (jest.status !== 0 && j.failed === 0 ? 1 : 0) + (client.status !== 0 && v.failed === 0 ? 1 : 0);
say(`server ${j.passed} passed, ${j.failed} failed; client ${v.passed} passed, ${v.failed} failed`);
process.stdout.write(`${j.passed + v.passed} passed, ${failed} failed${j.skipped + v.skipped ? `, ${j.skipped + v.skipped} skipped` : ''}\n`);
process.exit(jest.status === 0 && client.status === 0 && failed === 0 ? 0 : 1);
