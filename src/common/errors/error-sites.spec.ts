import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** A DomainError is built only in a `*.errors.ts` file (a module's, or common's) and in its own definition. */
const SRC = join(__dirname, '..', '..');
const ALLOWED = (path: string) => path.endsWith('.errors.ts') || path === 'common/errors/domain-error.ts' || path === 'common/errors/error-sites.spec.ts';
const INLINE = /\bnew\s+DomainError\s*[<(]/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'generated' ? [] : sourceFiles(full);
    return e.name.endsWith('.ts') ? [full] : [];
  });
}

/** The files (relative to src/) that build a DomainError outside the allowed places. */
export function inlineErrorSites(files: { path: string; text: string }[]): string[] {
  return files.filter((f) => !ALLOWED(f.path) && INLINE.test(f.text)).map((f) => f.path);
}

describe('error sites', () => {
  it('builds every DomainError in an errors file', () => {
    const files = sourceFiles(SRC).map((full) => ({ path: relative(SRC, full).split('\\').join('/'), text: readFileSync(full, 'utf8') }));
    expect(files.length).toBeGreaterThan(100);
    expect(inlineErrorSites(files)).toEqual([]);
  });

  it('fails on a planted inline error', () => {
    const planted = {
      path: 'modules/wallet/commands/planted/planted.handler.ts',
      text: "if (!ok) throw new DomainError('WALLET.INVALID_INPUT', 'INVALID', 'planted');",
    };
    const factory = { path: 'modules/wallet/wallet.errors.ts', text: "x: () => new DomainError('WALLET.X', 'INVALID', 'x')," };
    expect(inlineErrorSites([planted, factory])).toEqual(['modules/wallet/commands/planted/planted.handler.ts']);
  });
});
