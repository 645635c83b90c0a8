import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

// The table-ownership rule of shared/STYLE.md, checked by scripts/table-ownership.mjs (run it for the list): every table
// has one owner in src/database/table-owners.json, and only the owner's infrastructure/ names it, by SQL or by entity
// class; handlers, services and views call repositories or the bus. Lines read `file: table (owner)`.

const ROOT = resolve(__dirname, '..', '..');
const SCRIPT = resolve(ROOT, 'scripts', 'table-ownership.mjs');

function scan(root: string): { violations: string[]; unowned: string[] } {
  const r = spawnSync(process.execPath, [SCRIPT, root, '--json'], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  if (r.status !== 0 || !r.stdout) throw new Error(`table-ownership.mjs failed (exit ${r.status}): ${r.stderr}`);
  return JSON.parse(r.stdout) as { violations: string[]; unowned: string[] };
}

describe('table ownership', () => {
  const real = scan(ROOT);

  it('gives every table a migration creates one owner', () => {
    expect(real.unowned).toEqual([]);
  });

  it('holds in src: no module names a table it does not own, uses another’s entity, or holds SQL outside infrastructure/', () => {
    expect(real.violations).toEqual([]);
  });

  it('refuses a planted reach into another module’s table (from a sub-folder’s infrastructure/ too), its entity, SQL in a handler and an unowned table', () => {
    const fixture = scan(resolve(ROOT, 'test', 'fixtures', 'table-ownership'));
    expect(fixture.violations).toEqual([
      'src/modules/alpha/commands/do-thing/do-thing.handler.ts: .query( outside infrastructure/',
      'src/modules/alpha/commands/do-thing/do-thing.handler.ts: alpha_things (alpha) outside infrastructure/',
      'src/modules/alpha/infrastructure/alpha.repository.ts: beta_items (beta)',
      'src/modules/alpha/infrastructure/uses-beta-entity.ts: beta_items via BetaItemEntity (beta)',
      'src/modules/alpha/things/infrastructure/thing.repository.ts: beta_items (beta)',
    ]);
    expect(fixture.unowned).toEqual(['gamma_orphans']);
  });
});
