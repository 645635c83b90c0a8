/**
 * `npm test` runs jest as two processes side by side (`--shard=1/2`, `--shard=2/2`), each with a database of its own.
 * Files are dealt out by the seconds they took in a recorded run (test-weights.json), heaviest first onto the lighter
 * shard, so both finish at about the same time; the browser specs and the specs that start processes of their own
 * (api, worker, PostgreSQL, Redis, benchmarks) keep to opposite shards, so two of them never compete for connections.
 */
const Sequencer = require('@jest/test-sequencer').default;
const { relative } = require('node:path');
const { seconds } = require('./test-weights.json');

const SPAWNING =
  /\/(bench-smoke|faults-[\w-]+|production-start|restore-drill|scale-out|settlement-crash|simulation|storage-s3|health-probes|secrets-logs)\.e2e-spec\.ts$/;
const known = Object.values(seconds).sort((a, b) => a - b);
const median = known[Math.floor(known.length / 2)] ?? 10;

class ShardSequencer extends Sequencer {
  shard(tests, { shardIndex, shardCount }) {
    const root = tests[0]?.context.config.rootDir ?? process.cwd();
    const weight = (t) => seconds[relative(root, t.path)] ?? median;
    const load = Array(shardCount).fill(0);
    const mine = [];
    const deal = (t, to) => {
      load[to] += weight(t);
      if (to === shardIndex - 1) mine.push(t);
    };
    const byWeight = [...tests].sort((a, b) => weight(b) - weight(a) || (a.path < b.path ? -1 : 1));
    const pinned = (t) => (/\.browser-spec\.ts$/.test(t.path) ? 0 : SPAWNING.test(t.path) ? shardCount - 1 : -1);
    for (const t of byWeight) if (pinned(t) >= 0) deal(t, pinned(t));
    for (const t of byWeight) if (pinned(t) < 0) deal(t, load.indexOf(Math.min(...load)));
    return mine;
  }
}

module.exports = ShardSequencer;
