import { Client } from 'pg';
import { runMigrations } from '../../src/database/migrate.js';

/** Each test run gets a database of its own, migrated, and dropped in global-teardown. */
export default async function globalSetup(): Promise<void> {
  const admin = process.env.TEST_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `wakestake_test_${process.pid}_${Date.now().toString(36)}`;
  const client = new Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  process.env.TEST_DATABASE_NAME = name;
  process.env.BULLMQ_PREFIX = `wakestake-test-${name}`;
  // One ledger chain key for the run, so rows written by spawned api/worker processes (some with JWT secrets of their own) verify.
  // The suite runs many processes on two cores: a connection may take longer than production's 3 s to open.
  process.env.DB_CONNECT_TIMEOUT_MS ??= '15000';
  process.env.LEDGER_HMAC_KEY ??= `test-ledger-key-${name}-Kq7Zx2`;
  await runMigrations(process.env.DATABASE_URL);
}
