import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The client's layers, shared → features → app: a file under features/<name>/ imports shared code and its own feature,
 * never another feature, the app or the entry files; shared code imports only shared code. Code that two features need goes to lib/ or components/; putting
 * features together (one feature's control inside another's screen) is the app's job, in app/routes.
 */
const SHARED = ['lib', 'components', 'config', 'types', 'generated', 'testing'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(e.name) ? [path] : [];
  });
}

/** Static and dynamic imports, `export … from`, and the modules a test mocks (a mock stands in for an import). */
function specifiers(source: string): string[] {
  const imported = ts.preProcessFile(source, true, true).importedFiles.map((f) => f.fileName);
  const mocked = [...source.matchAll(/\bvi\.(?:mock|doMock|importActual|importMock)\(\s*['"]([^'"]+)['"]/g)].map((m) => m[1]);
  return [...imported, ...mocked];
}

/** The imports of every file under `dir` that `allowed(top folder, next folder, the file's own path)` refuses, as "file → import". */
function violations(src: string, dir: string, allowed: (top: string, name: string, file: string[]) => boolean): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(join(src, dir))) {
    const own = relative(src, file).split(sep);
    for (const spec of specifiers(readFileSync(file, 'utf8'))) {
      const target = spec.startsWith('@/') ? join(src, spec.slice(2)) : spec.startsWith('.') ? resolve(dirname(file), spec) : null;
      if (target === null) continue; // a package
      const [top, name] = relative(src, target).split(sep);
      if (!allowed(top, name, own)) found.push(`${own.join('/')} → ${spec}`);
    }
  }
  return found;
}

/** A feature imports shared code and itself: not another feature, the app or the entry files. */
export const featureImportViolations = (src: string) =>
  violations(src, 'features', (top, name, own) => (top === 'features' ? name === own[1] : SHARED.includes(top)));

/** Shared code imports only shared code: nothing of a feature or the app. */
export const sharedImportViolations = (src: string) =>
  SHARED.filter((dir) => existsSync(join(src, dir))).flatMap((dir) => violations(src, dir, (top) => SHARED.includes(top)));

const HERE = dirname(fileURLToPath(import.meta.url));

describe('feature imports: shared → features → app', () => {
  it('no feature imports another feature, the app or the entry files (shared code lives in lib/ or components/)', () => {
    expect(featureImportViolations(resolve(HERE, '..'))).toEqual([]);
  });

  it('shared code (lib/, components/, config/, types/, generated/, testing/) imports no feature and not the app', () => {
    expect(sharedImportViolations(resolve(HERE, '..'))).toEqual([]);
  });

  it('the checks report the planted violations: one fixture feature importing another, one shared file importing a feature', () => {
    expect(featureImportViolations(join(HERE, 'feature-imports-fixture'))).toEqual(['features/beta/beta.ts → ../alpha/alpha']);
    expect(sharedImportViolations(join(HERE, 'feature-imports-fixture'))).toEqual(['lib/shared.ts → ../features/alpha/alpha']);
  });
});
