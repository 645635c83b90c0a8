import type { RedisOptions } from 'ioredis';
import type { ConnectionOptions } from 'bullmq';

/** BullMQ wants ioredis options, not a URL. */
export function redisOptionsFromUrl(url: string): RedisOptions & ConnectionOptions {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: Number(u.port || 6379),
    username: u.username ? decodeURIComponent(u.username) : undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    db: u.pathname && u.pathname !== '/' ? Number(u.pathname.slice(1)) : 0,
    tls: u.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: null,
    retryStrategy: (times: number) => Math.min(times * 250, 3000),
  };
}
