// `npm test` runs the API, worker and browser test files in parts, each part one jest test file that loads its share of
// them, instead of one jest test file each: jest gives every test file a module registry of its own, and loading
// NestJS, TypeORM, BullMQ and the app into a fresh one cost ~2 s a file here, more than most files' own tests
// (docs/performance.md, "The suite's time"). A file still runs alone with `npx jest test/e2e/<name>.e2e-spec.ts`.
//
// The files keep the order jest gives them on a fresh clone (largest first), cut into PARTS runs of neighbours, and the
// parts run in that order (sequencer.cjs): the run shares one database, and the money tests' ledger checks read the
// whole ledger, so a money file run after the large settlements would be slower, not different.
const { readdirSync, statSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..', '..');
const PARTS = 10;
const KINDS = [
  ['e2e', '.e2e-spec.ts'],
  ['browser', '.browser-spec.ts'],
];

/** Every API, worker and browser test file (paths from the repository root), largest first. */
function allFiles() {
  return KINDS.flatMap(([dir, suffix]) =>
    readdirSync(join(root, 'test', dir))
      .filter((f) => f.endsWith(suffix))
      .map((f) => `test/${dir}/${f}`),
  )
    .map((path) => ({ path, size: statSync(join(root, path)).size }))
    .sort((a, b) => b.size - a.size || (a.path < b.path ? -1 : 1))
    .map((f) => f.path);
}

/** The test files of one part, every file in exactly one part. */
function filesOf(part) {
  const all = allFiles();
  const size = Math.ceil(all.length / PARTS);
  return all.slice(part * size, (part + 1) * size);
}

/** The part a jest test file is (`part-3.suite-spec.ts` is part 3), or null for any other file. */
function partOf(path) {
  const m = /(?:^|\/)part-(\d+)\.suite-spec\.ts$/.exec(path);
  return m ? Number(m[1]) : null;
}

module.exports = { root, PARTS, filesOf, partOf };
