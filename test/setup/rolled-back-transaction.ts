import { DataSource, QueryRunner } from 'typeorm';
import { dataSourceOptions } from '../../src/config/typeorm.options.js';
import { testConfig } from './test-app.js';

/**
 * A property test's own connection to the run's database: one transaction opened in beforeAll (after `setup`) and
 * rolled back in afterAll, so nothing it writes outlives the file; `inSavepoint` gives each generated case an empty
 * slate inside it. `qr()` is the transaction's runner (set once beforeAll ran).
 */
export function rolledBackTransaction(prefix: string, setup?: (qr: QueryRunner) => Promise<void>) {
  let ds: DataSource | undefined;
  let runner: QueryRunner | undefined;
  let savepoints = 0;
  beforeAll(async () => {
    ds = new DataSource(dataSourceOptions(testConfig().databaseUrl, { extra: { max: 2 } } as never));
    await ds.initialize();
    runner = ds.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    await setup?.(runner);
  });
  afterAll(async () => {
    if (runner?.isTransactionActive) await runner.rollbackTransaction();
    await runner?.release();
    await ds?.destroy();
  });
  const qr = (): QueryRunner => {
    if (!runner) throw new Error('rolledBackTransaction: used before beforeAll ran');
    return runner;
  };
  /** Runs fn inside a savepoint rolled back afterwards. */
  async function inSavepoint<T>(fn: () => Promise<T>): Promise<T> {
    const name = `${prefix}_${++savepoints}`;
    await qr().query(`SAVEPOINT ${name}`);
    try {
      return await fn();
    } finally {
      await qr().query(`ROLLBACK TO SAVEPOINT ${name}`);
    }
  }
  return { qr, inSavepoint };
}
