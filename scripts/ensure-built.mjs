// `npm run cli` needs the compiled server: build it when dist is missing or older than src.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ensureInstalled, root, run } from './lib.mjs';

function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}
ensureInstalled(root);
const out = join(root, 'dist', 'src', 'cli.js');
if (!existsSync(out) || statSync(out).mtimeMs < newest(join(root, 'src'))) {
  run('npm', ['run', '--silent', 'build:server'], { stdio: ['ignore', 'ignore', 'inherit'] });
}
