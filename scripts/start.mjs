// `npm start`: install what is missing, build, migrate, start api + worker on http://localhost:3000.
import { join } from 'node:path';
import { build, ensureInstalled, NODE_ARGS, redisAnswers, resolveDatabase, root, say, supervise } from './lib.mjs';

ensureInstalled(root);
ensureInstalled(join(root, 'client'));
build();

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
if (!(await redisAnswers(redisUrl))) {
  say(`Redis is not answering at ${redisUrl}: start one with \`redis-server --daemonize yes\` (or set REDIS_URL), then run npm start again.`);
  process.exit(1);
}

const db = await resolveDatabase();
const env = { DATABASE_URL: db.url, REDIS_URL: redisUrl };
process.env.DATABASE_URL = db.url;

say('running migrations ...');
const { runMigrations } = await import(join(root, 'dist', 'src', 'database', 'migrate.js'));
const applied = await runMigrations(db.url);
say(applied.length ? `applied ${applied.length} migration(s)` : 'database is up to date');

const port = process.env.PORT ?? '3000';
supervise(
  [
    { name: 'api', cmd: process.execPath, args: [...NODE_ARGS.api, 'dist/src/main.js'], env },
    { name: 'worker', cmd: process.execPath, args: [...NODE_ARGS.worker, 'dist/src/worker.js'], env },
  ],
  () => db.stop(),
);
say(`WakeStake is starting on http://localhost:${port} (Ctrl+C stops it)`);
