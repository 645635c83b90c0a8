import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const compose = ['docker-compose', 'docker'].find((bin) => spawnSync('sh', ['-c', `command -v ${bin}`]).status === 0);
const file = join(__dirname, '..', '..', 'docker', 'compose.yml');

describe('docker/compose.yml', () => {
  (compose ? it : it.skip)('is a valid compose file with postgres, redis, api and worker', () => {
    const args = compose === 'docker' ? ['compose', '-f', file, 'config', '--services'] : ['-f', file, 'config', '--services'];
    const res = spawnSync(compose!, args, { encoding: 'utf8', env: { ...process.env, JWT_SECRET: 'x'.repeat(32) } });
    if (compose === 'docker' && res.status !== 0 && /compose/.test(res.stderr)) return; // docker CLI without the compose plugin
    expect(res.status).toBe(0);
    expect(res.stdout.split('\n').filter(Boolean).sort()).toEqual(['api', 'postgres', 'redis', 'worker']);
  });
});
