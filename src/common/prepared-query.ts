import type { Pool, PoolClient, QueryConfig } from 'pg';
import type { DataSource, EntityManager } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';

/**
 * A named prepared statement on the hot paths (the 6 AM check-in, ledger posting, notifications): PostgreSQL parses
 * and plans it once per connection instead of once per call. Only public APIs: pg's `query({ name, text, values })`,
 * sent given a DataSource to the pool its PostgreSQL driver exposes (`PostgresDriver.master`, autocommit: the statement
 * is its own transaction), given an EntityManager of a transaction to the connection its QueryRunner holds
 * (`QueryRunner.connect()` answers it, already open, so the statement runs inside that transaction); an EntityManager
 * without a runner of its own (`dataSource.manager`) uses the pool.
 */
export async function preparedQuery(on: DataSource | EntityManager, name: string, text: string, values: unknown[]): Promise<unknown[]> {
  const query: QueryConfig = { name, text, values };
  if (isDataSource(on)) return (await poolOf(on).query(query)).rows;
  const runner = on.queryRunner;
  if (!runner) return (await poolOf(on.dataSource).query(query)).rows;
  // never on another connection: that would run the statement outside the caller's transaction
  if (runner.isReleased) throw new Error(`preparedQuery ${name}: the query runner of this EntityManager was released`);
  return (await ((await runner.connect()) as PoolClient).query(query)).rows;
}

function isDataSource(on: DataSource | EntityManager): on is DataSource {
  return 'driver' in on && 'manager' in on;
}

/** The pg pool of a PostgreSQL DataSource (the only kind this project runs). */
function poolOf(ds: DataSource): Pool {
  if (ds.options.type !== 'postgres') throw new Error(`preparedQuery: a PostgreSQL data source is needed, not ${ds.options.type}`);
  const pool = (ds.driver as PostgresDriver).master as Pool | undefined;
  if (!pool) throw new Error('preparedQuery: the data source is not initialised');
  return pool;
}
