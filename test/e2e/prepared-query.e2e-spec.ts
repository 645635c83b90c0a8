import { DataSource } from 'typeorm';
import { preparedQuery } from '../../src/common/prepared-query.js';
import { dataSourceOptions } from '../../src/config/typeorm.options.js';
import { testConfig } from '../setup/test-app.js';

/**
 * PreparedQuery uses only public APIs (the pg pool of TypeORM's PostgreSQL driver; QueryRunner.connect() for
 * the connection of a transaction). A named statement is prepared once per connection, and inside a transaction it
 * runs on that transaction's connection (it sees what the transaction wrote and nothing else does).
 */
describe('preparedQuery', () => {
  let ds: DataSource;

  beforeAll(async () => {
    ds = new DataSource(dataSourceOptions(testConfig().databaseUrl, { extra: { max: 2 } } as never));
    await ds.initialize();
  });
  afterAll(async () => {
    await ds?.destroy();
  });

  const prepared = async (pid: number, name: string) =>
    ((await ds.query(`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name = $1 AND pg_backend_pid() = $2`, [name, pid])) as { n: number }[])[0].n;

  it('runs a named prepared statement on the pool of a DataSource, again and again', async () => {
    const a = (await preparedQuery(ds, 'pq_spec_pool_v1', 'SELECT $1::int + 1 AS x, pg_backend_pid() AS pid', [41])) as { x: number; pid: number }[];
    expect(a.map((r) => r.x)).toEqual([42]);
    const b = (await preparedQuery(ds, 'pq_spec_pool_v1', 'SELECT $1::int + 1 AS x, pg_backend_pid() AS pid', [1])) as { x: number; pid: number }[];
    expect(b.map((r) => r.x)).toEqual([2]);
    // the statement is prepared under its name on the connection that ran it (asked on a connection that is that one, if the pool hands it back)
    const seen = await Promise.all([a[0].pid, b[0].pid].map((pid) => prepared(pid, 'pq_spec_pool_v1')));
    expect(seen.some((n) => n === 1)).toBe(true);
  });

  it('runs inside the transaction of an EntityManager, on its connection', async () => {
    const outside = await ds.transaction(async (m) => {
      await m.query(`CREATE TEMP TABLE pq_spec (v int) ON COMMIT DROP`);
      await m.query(`INSERT INTO pq_spec VALUES (1), (2), (3)`);
      const [{ pid }] = (await m.query(`SELECT pg_backend_pid() AS pid`)) as { pid: number }[];
      const rows = (await preparedQuery(m, 'pq_spec_tx_v1', 'SELECT count(*)::int AS n, pg_backend_pid() AS pid FROM pq_spec WHERE v >= $1', [2])) as {
        n: number;
        pid: number;
      }[];
      expect(rows).toEqual([{ n: 2, pid }]);
      const [{ n }] = (await m.query(`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name = 'pq_spec_tx_v1'`)) as { n: number }[];
      expect(n).toBe(1);
      // the pool's other connection does not see the transaction's table
      return preparedQuery(ds, 'pq_spec_other_v1', `SELECT to_regclass('pq_spec') IS NULL AS hidden`, []);
    });
    expect(outside).toEqual([{ hidden: true }]);
  });

  it('refuses an EntityManager whose connection was released (never runs outside its transaction)', async () => {
    const runner = ds.createQueryRunner();
    await runner.connect();
    await runner.release();
    await expect(preparedQuery(runner.manager, 'pq_spec_released_v1', 'SELECT 1 AS one', [])).rejects.toThrow(/released/);
  });

  it('runs on the pool for an EntityManager without a transaction of its own (dataSource.manager)', async () => {
    expect(await preparedQuery(ds.manager, 'pq_spec_manager_v1', 'SELECT $1::text AS s', ['ok'])).toEqual([{ s: 'ok' }]);
  });
});
