import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * Smoke run of every benchmark at its tiny size (BENCH_SIZE=small): each builds its own database and BullMQ prefix,
 * runs against dist/ (npm test builds it first) and must finish with its correctness checks holding. No timing is
 * asserted here: the timed targets are judged only by `npm run bench`.
 */
const ROOT = resolve(__dirname, '../..');
const BENCHES = ['ledger-write', 'settlement', 'balance-read', 'checkin-rush', 'client'];
const built = existsSync(resolve(ROOT, 'dist/src/main.js'));

describe('benchmarks (smoke, tiny size)', () => {
  if (!built) {
    it.skip('needs dist/ (npm run build:server)', () => undefined);
    return;
  }
  it.each(BENCHES)(
    '%s runs and its correctness checks hold',
    (name) => {
      const r = spawnSync(process.execPath, [resolve(ROOT, 'bench', `${name}.mjs`), '--small'], {
        cwd: ROOT,
        env: { ...process.env, BENCH_SIZE: 'small', BENCH_RESULTS: '' },
        encoding: 'utf8',
        timeout: 120_000,
      });
      const out = `${r.stdout}\n${r.stderr}`;
      expect(out).toMatch(new RegExp(`${name}: checks OK`));
      expect(out).not.toMatch(/correctness: FAILED/);
      expect(r.status).toBe(0);
    },
    130_000,
  );
});
