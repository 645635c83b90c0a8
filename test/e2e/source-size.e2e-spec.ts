import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

/**
 * No source file over 400 lines (server `src/`, client `client/src/`, tests included), so a file says one
 * thing. Generated code (a `generated/` folder: the OpenAPI types) is not written by hand and is left out.
 */
const ROOT = resolve(__dirname, '..', '..');
const MAX_LINES = 400;
const GENERATED = /(^|\/)generated\//;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mjs)$/.test(e.name) ? [path] : [];
  });
}

export function longFiles(dirs: string[], max = MAX_LINES): string[] {
  return dirs
    .flatMap((d) => sourceFiles(d))
    .map((f) => ({ file: relative(ROOT, f), lines: readFileSync(f, 'utf8').split('\n').length - 1 }))
    .filter(({ file, lines }) => lines > max && !GENERATED.test(file))
    .map(({ file, lines }) => `${file}: ${lines} lines`);
}

describe('source size', () => {
  it(`no source file of the server or the client is over ${MAX_LINES} lines`, () => {
    expect(longFiles([join(ROOT, 'src'), join(ROOT, 'client', 'src')])).toEqual([]);
  });

  it('the check sees a long file (the generated OpenAPI types are one when not excluded)', () => {
    const generated = readFileSync(join(ROOT, 'client/src/generated/openapi.d.ts'), 'utf8').split('\n').length;
    expect(generated).toBeGreaterThan(MAX_LINES);
    expect(longFiles([join(ROOT, 'client', 'src', 'generated')])).toEqual([]);
    expect(longFiles([join(ROOT, 'client', 'src', 'types')], 10).length).toBeGreaterThan(0);
  });
});
