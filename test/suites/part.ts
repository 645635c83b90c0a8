import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const { root, PARTS, filesOf, partOf } = require('./parts.cjs') as {
  root: string;
  PARTS: number;
  filesOf: (part: number) => string[];
  partOf: (path: string) => number | null;
};

/**
 * Loads one part's test files (its name says which: `part-3.suite-spec.ts` is part 3) into this jest test file, each
 * inside a describe named by its path, so its hooks and tests keep their own scope and its failures name it.
 */
export function runPart(file: string): void {
  const part = partOf(file);
  if (part === null) throw new Error(`not a part's file name: ${file}`);
  // every part has its file, or the files of a missing one would never run
  const parts = readdirSync(__dirname).filter((f) => partOf(f) !== null).length;
  if (parts !== PARTS) throw new Error(`test/suites has ${parts} parts, parts.cjs says ${PARTS}`);
  for (const path of filesOf(part)) {
    describe(path, () => {
      require(join(root, path));
      // a spy a file forgot to put back must not reach the next file's tests
      afterAll(() => jest.restoreAllMocks());
    });
  }
}
