import { Client } from 'pg';
import { Redis } from 'ioredis';

/** Drops the run's BullMQ keys (global-setup gave the run its own BULLMQ_PREFIX). */
async function dropQueueKeys(): Promise<void> {
  const prefix = process.env.BULLMQ_PREFIX;
  if (!prefix || !prefix.startsWith('wakestake-test-')) return;
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

export default async function globalTeardown(): Promise<void> {
  await dropQueueKeys().catch(() => undefined);
  const name = process.env.TEST_DATABASE_NAME;
  if (!name || process.env.KEEP_TEST_DB) return;
  const client = new Client({ connectionString: process.env.TEST_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await client.end();
}
