import type { DataSource, EntityManager } from 'typeorm';

type PgQueryable = { query: (q: { name: string; text: string; values: unknown[] }) => Promise<{ rows: unknown[] }> };

/**
 * A named prepared statement on the hot paths (the 6 AM check-in, ledger posting, notifications): PostgreSQL parses
 * and plans it once per connection instead of once per call. Given a DataSource it runs on the pool in autocommit (the
 * statement is its own transaction); given an EntityManager, on that manager's connection (inside its transaction).
 * Anything else falls back to TypeORM's query (same SQL, unnamed).
 */
export async function preparedQuery(on: DataSource | EntityManager, name: string, text: string, values: unknown[]): Promise<unknown[]> {
  const target = isDataSource(on) ? (on.driver as unknown as { master?: PgQueryable }).master : connectionOf(on);
  if (target && typeof target.query === 'function') return (await target.query({ name, text, values })).rows;
  return (await on.query(text, values)) as unknown[];
}

function isDataSource(on: DataSource | EntityManager): on is DataSource {
  return 'driver' in on && 'manager' in on;
}

function connectionOf(m: EntityManager): PgQueryable | undefined {
  return (m.queryRunner as unknown as { databaseConnection?: PgQueryable } | undefined)?.databaseConnection;
}
