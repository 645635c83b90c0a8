// npm run bench: runs every benchmark (each in its own process, its own database and BullMQ prefix), prints every
// table, then a summary. Flags: --small (smoke size, targets not judged), --full (also the 1,000,000-challenge
// settlement; same as BENCH_FULL=1), --only=name[,name]. Installs what is missing and builds first, as npm start does.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { build, ensureInstalled, root as ROOT } from '../scripts/lib.mjs';

export const BENCHES = ['ledger-write', 'settlement', 'balance-read', 'client', 'checkin-rush'];

const argv = process.argv.slice(2);
const only = argv
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',');
const pass = argv.filter((a) => a === '--small' || a === '--full');
// A fresh clone has neither node_modules nor dist/: the benchmarks measure the code as built now.
ensureInstalled(ROOT);
ensureInstalled(resolve(ROOT, 'client'));
build();
// After the install: bench/lib.mjs imports `pg`, which a fresh clone does not have yet.
const { machine } = await import('./lib.mjs');
const dir = mkdtempSync(resolve(tmpdir(), 'bench-results-'));
const results = resolve(dir, 'results.jsonl');
console.log(`WakeStake benchmarks, ${new Date().toISOString()}, ${machine()}`);
let failed = 0;
for (const name of BENCHES.filter((b) => !only || only.includes(b))) {
  const code = await new Promise((r) => {
    const p = spawn(process.execPath, [resolve(ROOT, 'bench', `${name}.mjs`), ...pass], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, BENCH_RESULTS: results },
    });
    p.on('close', r);
  });
  if (code !== 0) {
    failed++;
    console.log(`${name}: exited ${code}`);
  }
}
console.log('\n## Summary');
console.log('| benchmark | figure | value | baseline (same run) | ratio | target | margin | result |');
console.log('|---|---|---|---|---|---|---|---|');
if (existsSync(results)) {
  for (const line of readFileSync(results, 'utf8').trim().split('\n').filter(Boolean)) {
    const r = JSON.parse(line);
    for (const row of r.rows) {
      const res = r.size === 'small' || row.pass == null ? '-' : row.pass ? 'PASS' : 'FAIL';
      console.log(
        `| ${r.bench} | ${row.figure} | ${row.value ?? ''} | ${row.baseline ?? ''} | ${row.ratio ?? ''} | ${row.target ?? ''} | ${row.margin ?? ''} | ${res} |`,
      );
    }
    if (!r.allChecks) console.log(`| ${r.bench} | correctness checks | FAILED | | | | | FAIL |`);
  }
}
rmSync(dir, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
