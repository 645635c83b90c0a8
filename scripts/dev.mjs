// `npm run dev`: api and worker in watch mode plus the Vite dev server (proxying /api to :3000).
import { join } from 'node:path';
import { ensureInstalled, resolveDatabase, root, run, say, supervise } from './lib.mjs';

ensureInstalled(root);
ensureInstalled(join(root, 'client'));
run('npm', ['run', '--silent', 'build:server']);
const db = await resolveDatabase();
const env = { DATABASE_URL: db.url };
supervise(
  [
    { name: 'tsc', cmd: process.execPath, args: ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json', '--watch', '--preserveWatchOutput'], env },
    { name: 'api', cmd: process.execPath, args: ['--watch-path=dist/src', 'dist/src/main.js'], env },
    { name: 'worker', cmd: process.execPath, args: ['--watch-path=dist/src', 'dist/src/worker.js'], env },
    { name: 'client', cmd: 'npm', args: ['run', 'dev'], env: {}, cwd: join(root, 'client') },
  ],
  () => db.stop(),
);
say('api on http://localhost:3000, client dev server on http://localhost:5173');
