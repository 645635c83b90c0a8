import type { DataSourceOptions } from 'typeorm';
import { migrations } from '../database/migrations/index.js';

export function dataSourceOptions(databaseUrl: string, extra: Partial<DataSourceOptions> = {}): DataSourceOptions {
  return {
    type: 'postgres',
    url: databaseUrl,
    migrations,
    migrationsTableName: 'migrations',
    synchronize: false,
    logging: false, // TypeORM would print failed queries with their parameters (password hashes, ids): errors are logged by the filter instead
    extra: { max: Number(process.env.DB_POOL_SIZE ?? 20), connectionTimeoutMillis: Number(process.env.DB_CONNECT_TIMEOUT_MS ?? 3000), application_name: 'wakestake' },
    ...extra,
  } as DataSourceOptions;
}
