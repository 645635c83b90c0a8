import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../config/typeorm.options.js';

/** Runs pending migrations under an advisory lock, so api instances starting together migrate once. */
export async function runMigrations(databaseUrl: string): Promise<string[]> {
  const ds = new DataSource({ ...dataSourceOptions(databaseUrl), extra: { max: 1 } } as never);
  await ds.initialize();
  try {
    await ds.query('SELECT pg_advisory_lock(727274)');
    const done = await ds.runMigrations({ transaction: 'each' });
    await ds.query('SELECT pg_advisory_unlock(727274)');
    return done.map((m) => m.name);
  } finally {
    await ds.destroy();
  }
}
