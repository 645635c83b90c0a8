import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The client's layers, shared → features → app: a file under features/<name>/ imports shared code and its own feature,
 * never another feature, the app or the entry files. Code that two features need goes to lib/ or components/; putting
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

/** Every import of a feature's file that lands outside its feature and outside shared code, as "file → import". */
export function featureImportViolations(src: string): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(join(src, 'features'))) {
    const feature = relative(src, file).split(sep)[1];
    for (const spec of specifiers(readFileSync(file, 'utf8'))) {
      const target = spec.startsWith('@/') ? join(src, spec.slice(2)) : spec.startsWith('.') ? resolve(dirname(file), spec) : null;
      if (target === null) continue; // a package
      const [top, name] = relative(src, target).split(sep);
      if (top === 'features' ? name === feature : SHARED.includes(top)) continue;
      found.push(`${relative(src, file).split(sep).join('/')} → ${spec}`);
    }
  }
  return found;
}

const HERE = dirname(fileURLToPath(import.meta.url));

describe('feature imports: shared → features → app', () => {
  it('no feature imports another feature, the app or the entry files (shared code lives in lib/ or components/)', () => {
    expect(featureImportViolations(resolve(HERE, '..'))).toEqual([]);
  });

  it('the check reports a planted violation: one fixture feature importing another, and nothing else', () => {
    expect(featureImportViolations(join(HERE, 'feature-imports-fixture'))).toEqual(['features/beta/beta.ts → ../alpha/alpha']);
  });
});
