// How many files a request crosses: `node scripts/request-path.mjs deposit|check-in|settlement` (or FILE... as the
// entry points). From the entry files it follows every value import (not `import type`) into src/, and every command,
// query or event class imported on to the handlers registered for it (@CommandHandler, @QueryHandler, @EventsHandler,
// @TransactionalEventsHandler), as the bus does at run time. Test files are left out. It prints the files by module and
// the totals: a reading of the code's imports, so a file imported for one constant counts as crossed.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { root, sourceFiles } from './lib.mjs';

const PATHS = {
  deposit: [
    'src/modules/wallet/wallet.controller.ts',
    'src/modules/wallet/commands/create-deposit-order/create-deposit-order.handler.ts',
    'src/modules/wallet/commands/verify-deposit/verify-deposit.handler.ts',
  ],
  'check-in': ['src/modules/challenges/day/challenges.controller.ts', 'src/modules/challenges/day/commands/check-in-challenge/check-in-challenge.handler.ts'],
  settlement: ['src/modules/settlement/jobs/settlement.processor.ts'],
};
// The entry controllers are counted, not followed (they dispatch every route of theirs); the handler is followed.
const NOT_FOLLOWED = /\.controller\.ts$/;

const src = join(root, 'src');
const files = sourceFiles(src);

const text = new Map(files.map((f) => [f, readFileSync(f, 'utf8')]));
// class name -> handler files, from the handler decorators
const handlers = new Map();
for (const [f, t] of text)
  for (const m of t.matchAll(/@(?:CommandHandler|QueryHandler|EventsHandler|TransactionalEventsHandler)\(([^)]*)\)/g))
    for (const name of m[1]
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean))
      handlers.set(name, [...(handlers.get(name) ?? []), f]);

function valueImports(f) {
  const out = [];
  for (const m of text.get(f).matchAll(/^(?:import|export)\s+(?!type\b)([\s\S]*?)\s+from\s+'(\.[^']+)'/gm)) {
    const names = m[1].replace(/type\s+\w+\s*,?/g, '');
    if (!/[A-Za-z_$]/.test(names.replace(/[{}*,\s]|as\b/g, ''))) continue; // only types named
    const target = resolve(dirname(f), m[2].replace(/\.js$/, '.ts'));
    if (existsSync(target) && text.has(target)) out.push({ target, names });
  }
  return out;
}

const entries = (PATHS[process.argv[2]] ?? process.argv.slice(2)).map((p) => resolve(root, p));
if (entries.length === 0) {
  console.error(`usage: node scripts/request-path.mjs ${Object.keys(PATHS).join('|')} | FILE...`);
  process.exit(2);
}
const seen = new Set(entries);
const queue = entries.filter((f) => !NOT_FOLLOWED.test(f) || entries.length === 1);
while (queue.length) {
  const f = queue.shift();
  for (const { target, names } of valueImports(f)) {
    const more = [target];
    if (/[.-](command|query|event)s?\.ts$/.test(target))
      for (const n of names.match(/\w+/g) ?? []) more.push(...(handlers.get(n) ?? []).filter((h) => h !== f));
    for (const m of more)
      if (!seen.has(m)) {
        seen.add(m);
        queue.push(m);
      }
  }
}

const area = (f) => {
  const r = relative(src, f).split('/');
  return r[0] === 'modules' ? `modules/${r[1]}` : r[0].replace(/\.ts$/, '');
};
const byArea = new Map();
for (const f of [...seen].sort()) byArea.set(area(f), [...(byArea.get(area(f)) ?? []), relative(root, f)]);
for (const [a, fs] of byArea) console.log(`${a} (${fs.length})\n  ${fs.join('\n  ')}`);
const modules = [...byArea.keys()].filter((a) => a.startsWith('modules/'));
const inModules = modules.reduce((n, a) => n + byArea.get(a).length, 0);
console.log(`\n${seen.size} files in all; ${inModules} in ${modules.length} modules (${modules.map((m) => m.slice(8)).join(', ')})`);
