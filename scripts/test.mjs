// `npm test`: every test. Builds server and client, then jest (unit, API, worker and browser tests against real
// PostgreSQL, Redis and Chromium) with the client's vitest suite beside it, and prints one total.
import { existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { build, ensureInstalled, redisAnswers, root, run, say } from './lib.mjs';

const soak = process.argv.includes('--soak');
const extra = process.argv.slice(2).filter((a) => a !== '--soak');
/** The whole suite (not the soak, no files named): linted first, the files in parts, the client's tests beside. */
const whole = !soak && extra.length === 0;

ensureInstalled(root);
ensureInstalled(join(root, 'client'));
// The linter and formatter (Biome, biome.json) over server, client, tests and scripts: a lint error or an unformatted file
// stops the run before the build.
if (whole) {
  say('linting (biome) ...');
  run(join(root, 'node_modules', '.bin', 'biome'), ['check', '--max-diagnostics=20', '.']);
}
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
// The whole suite loads the API, worker and browser files in parts (jest.suite.config.cjs); files named on the command
// line, and the soak, run one jest test file each.
if (whole) jestArgs.push('--config', 'jest.suite.config.cjs');
if (soak) jestArgs.push('test/e2e/simulation');
jestArgs.push(...extra);
// The client's vitest suite (jsdom, one worker) runs beside the build and jest rather than after them: it needs neither,
// and jest's one worker mostly waits on PostgreSQL, Redis, Chromium and the processes it spawns, so the second core is
// free for it. Its output is kept in a file and printed after jest's, so the two do not interleave.
const finished = (child) => new Promise((done) => child.on('close', (status) => done({ status })));
const clientLog = join(out, 'vitest.log');
// client/package.json's `vitest run`, started as node directly so that it can be stopped should the build below fail
const vitest = whole
  ? spawn(
      process.execPath,
      [
        join(root, 'client', 'node_modules', 'vitest', 'vitest.mjs'),
        'run',
        '--maxWorkers=1',
        '--reporter=default',
        '--reporter=json',
        `--outputFile=${join(out, 'vitest.json')}`,
      ],
      { cwd: join(root, 'client'), stdio: ['ignore', openSync(clientLog, 'w'), openSync(clientLog, 'a')], env },
    )
  : null;
const clientRun = vitest ? finished(vitest) : Promise.resolve({ status: 0 });
process.on('exit', () => vitest?.exitCode === null && vitest.kill());
build();
say(soak ? 'running the long simulation ...' : `running server, API, worker and browser tests${whole ? ', and the client tests beside them' : ''} ...`);
const jest = await finished(spawn(process.execPath, jestArgs, { cwd: root, stdio: 'inherit', env }));
const client = await clientRun;
if (whole) {
  say('client tests:');
  process.stdout.write(readFileSync(clientLog, 'utf8'));
}

function counts(file) {
  if (!existsSync(file)) return { passed: 0, failed: 0, skipped: 0, missing: true };
  const r = JSON.parse(readFileSync(file, 'utf8'));
  return {
    passed: r.numPassedTests ?? 0,
    failed: (r.numFailedTests ?? 0) + (r.numRuntimeErrorTestSuites ?? 0),
    skipped: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0),
  };
}
const j = counts(join(out, 'jest.json'));
const v = soak || extra.length ? { passed: 0, failed: 0, skipped: 0 } : counts(join(out, 'vitest.json'));
const failed = j.failed + v.failed + (jest.status !== 0 && j.failed === 0 ? 1 : 0) + (client.status !== 0 && v.failed === 0 ? 1 : 0);
say(`server ${j.passed} passed, ${j.failed} failed; client ${v.passed} passed, ${v.failed} failed`);
process.stdout.write(`${j.passed + v.passed} passed, ${failed} failed${j.skipped + v.skipped ? `, ${j.skipped + v.skipped} skipped` : ''}\n`);
process.exit(jest.status === 0 && client.status === 0 && failed === 0 ? 0 : 1);
