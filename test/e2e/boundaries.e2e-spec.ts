import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

// The module boundaries of ARCHITECTURE.md, checked by dependency-cruiser with .dependency-cruiser.cjs: a module
// imports another's commands, queries and events only; controllers and job processors dispatch commands and queries (no
// service, repository, storage or mail of their own); src/common reaches into no module; no import cycles.

const ROOT = resolve(__dirname, '..', '..');
const DEPCRUISE = resolve(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

function cruise(cwd: string, config = resolve(ROOT, '.dependency-cruiser.cjs')): Violation[] {
  const r = spawnSync(process.execPath, [DEPCRUISE, 'src', '--config', config, '--output-type', 'json'], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (!r.stdout) throw new Error(`dependency-cruiser printed nothing (exit ${r.status}): ${r.stderr}`);
  return (JSON.parse(r.stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

describe('module boundaries', () => {
  it('hold in src: no import of another module’s insides, none from common into a module, no cycle', () => {
    const violations = cruise(ROOT).map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
    expect(violations).toEqual([]);
  });

  it('refuse a deliberate cross-module import and a cycle, and allow a query or command import (an aggregate sub-folder’s too)', () => {
    const violations = cruise(resolve(ROOT, 'test', 'fixtures', 'boundaries'));
    expect(violations.map((v) => [v.rule.name, v.from, v.to])).toEqual(
      expect.arrayContaining([
        ['no-module-insides', 'src/modules/alpha/domain/uses-beta.ts', 'src/modules/beta/domain/secret-rule.ts'],
        ['no-module-insides', 'src/modules/alpha/domain/uses-things.ts', 'src/modules/beta/things/infrastructure/thing.repository.ts'],
        [
          'no-circular',
          expect.stringMatching(/^src\/modules\/alpha\/domain\/(uses-beta|circle-b)\.ts$/),
          expect.stringMatching(/^src\/modules\/alpha\/domain\/(uses-beta|circle-b)\.ts$/),
        ],
      ]),
    );
    expect(violations.some((v) => /\/(queries|commands)\//.test(v.to))).toBe(false);
  });

  it('refuse a controller that calls a service or a repository (in a sub-folder too), and allow its command and guard imports', () => {
    const violations = cruise(resolve(ROOT, 'test', 'fixtures', 'boundaries')).filter((v) => v.rule.name === 'controllers-dispatch');
    expect(violations.map((v) => [v.from, v.to])).toEqual([
      ['src/modules/beta/beta.controller.ts', 'src/modules/beta/application/thing.service.ts'],
      ['src/modules/beta/things/things.controller.ts', 'src/modules/beta/things/infrastructure/thing.repository.ts'],
    ]);
  });

  const CLIENT_RULES = resolve(ROOT, 'client', '.dependency-cruiser.cjs');

  it('hold in the client: features use each other only through their index, shared code uses no feature, no cycle', () => {
    expect(cruise(resolve(ROOT, 'client'), CLIENT_RULES).map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)).toEqual([]);
  });

  it('refuse a deliberate reach into another feature and a feature import from shared code, and allow an index import', () => {
    const violations = cruise(resolve(ROOT, 'test', 'fixtures', 'client-boundaries'), CLIENT_RULES).map((v) => [v.rule.name, v.from, v.to]);
    expect(violations).toEqual(
      expect.arrayContaining([
        ['no-feature-insides', 'src/features/alpha/components/alpha-page.tsx', 'src/features/beta/components/beta-card.tsx'],
        ['no-shared-to-features', 'src/lib/format.ts', 'src/features/beta/index.ts'],
      ]),
    );
    expect(violations.some(([rule, from, to]) => rule === 'no-feature-insides' && to === 'src/features/beta/index.ts' && from.includes('alpha'))).toBe(false);
  });
});
