import { Queue } from 'bullmq';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { redisOptionsFromUrl } from '../../src/config/redis-options.js';
import { SETTLEMENT_QUEUE } from '../../src/modules/settlement/settlement.constants.js';
import { expectLedgerConsistent } from '../setup/ledger-invariants.js';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { startWorkerProcess, WorkerProcess } from '../setup/worker-process.js';
import { emptyFigures, mergeFigures, Scenario } from '../simulation/runner.js';
import { randomSeed } from '../simulation/prng.js';

/**
 * The seeded money-flow simulation: many users, random interleavings through the real HTTP API (ManualClock moved
 * through a day), the app's commands and two real worker processes. `npm test` runs a short version (2 seeds,
 * 20 users); `npm run test:soak` runs SIM_SEEDS (default 20) seeds with 40 users and writes var/simulation-figures.json.
 * A failure names its seed: `SIM_SEED=<seed> SIM_USERS=<n> npm run test:soak` replays it.
 */
const SOAK = process.env.SOAK === '1';
const fixedSeed = process.env.SIM_SEED ? Number(process.env.SIM_SEED) : null;
const seedCount = Number(process.env.SIM_SEEDS ?? (SOAK ? 20 : 2));
const USERS = Number(process.env.SIM_USERS ?? (SOAK ? 40 : 20));
const seeds = fixedSeed !== null ? [fixedSeed] : Array.from({ length: seedCount }, randomSeed);

describe(`money-flow simulation (${seeds.length} seed${seeds.length > 1 ? 's' : ''}, ${USERS} users each)`, () => {
  let t: TestApp;
  let workers: WorkerProcess[] = [];
  let settlementQueue: Queue;
  const figures = emptyFigures();
  const started = Date.now();
  let failed = 0;

  beforeAll(async () => {
    const t0 = Date.now();
    [t, ...workers] = await Promise.all([
      createTestApp({ listen: true, env: process.env.SIM_LOG ? { LOG_LEVEL: process.env.SIM_LOG } : {} }).then((x) => (trace('app'), x)),
      startWorkerProcess().then((x) => (trace('worker'), x)),
      startWorkerProcess(),
    ]);
    function trace(what: string) {
      if (process.env.SIM_TRACE) process.stdout.write(`${what} ready after ${Date.now() - t0} ms\n`);
    }
    settlementQueue = new Queue(SETTLEMENT_QUEUE, { connection: redisOptionsFromUrl(t.config.redisUrl), prefix: process.env.BULLMQ_PREFIX });
  }, 60_000);

  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop()));
    await settlementQueue?.close();
    await t?.close();
    const faultsTotal = Object.values(figures.faultsInjected).reduce((a, b) => a + b, 0);
    const summary = {
      ...figures,
      faultsTotal,
      seeds: seeds.length,
      usersPerScenario: USERS,
      failedScenarios: failed,
      durationSeconds: Math.round((Date.now() - started) / 1000),
      finishedAt: new Date().toISOString(),
    };
    if (SOAK) {
      mkdirSync(join(__dirname, '..', '..', 'var'), { recursive: true });
      writeFileSync(join(__dirname, '..', '..', 'var', 'simulation-figures.json'), JSON.stringify(summary, null, 2) + '\n');
      process.stdout.write(`\nsimulation figures: ${JSON.stringify(summary, null, 2)}\n`);
    }
  });

  seeds.forEach((seed, i) => {
    it(`seed ${seed}: every rupee accounted for`, async () => {
      const s = new Scenario({ t, settlementQueue }, seed, USERS, i);
      try {
        await s.run();
      } catch (e) {
        failed++;
        const worker = workers
          .map((w) => w.output())
          .join('\n')
          .slice(-2000);
        throw new Error(
          `simulation failed: replay with SIM_SEED=${seed} SIM_USERS=${USERS} npm run test:soak\n${(e as Error).stack ?? e}\n--- worker output ---\n${worker}`,
        );
      } finally {
        mergeFigures(figures, s.figures);
      }
      await expectLedgerConsistent(t.app);
    }, 180_000);
  });
});
