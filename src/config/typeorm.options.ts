import type { DataSourceOptions } from 'typeorm';
import { migrations } from '../database/migrations/index.js';
import { tuning } from './tuning.js';

/** PostgreSQL pool settings (AppConfig's dbPoolSize, dbConnectTimeoutMs; the TypeORM CLI, without AppConfig, reads them itself). */
export interface PoolSettings {
  size: number;
  connectTimeoutMs: number;
}

export function dataSourceOptions(
  databaseUrl: string,
  extra: Partial<DataSourceOptions> = {},
  pool: PoolSettings = { size: tuning('DB_POOL_SIZE'), connectTimeoutMs: tuning('DB_CONNECT_TIMEOUT_MS') },
): DataSourceOptions {
  return {
    type: 'postgres',
    url: databaseUrl,
    migrations,
    migrationsTableName: 'migrations',
    synchronize: false,
    logging: false, // TypeORM would print failed queries with their parameters (password hashes, ids): errors are logged by the filter instead
    extra: { max: pool.size, connectionTimeoutMillis: pool.connectTimeoutMs, application_name: 'wakestake' },
    ...extra,
  } as DataSourceOptions;
}
