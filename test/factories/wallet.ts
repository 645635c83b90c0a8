import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { TokenService } from '../../src/common/auth/token.service.js';
import { LedgerService } from '../../src/modules/wallet/infrastructure/ledger.service.js';
import { userWallet, WORLD } from '../../src/modules/wallet/domain/accounts.js';
import type { TestApp } from '../setup/test-app.js';

export interface TestUser {
  id: string;
  email: string;
  token: string;
  auth: { Authorization: string };
}

/** A user row inserted directly (no identity module needed) and a signed bearer token. */
export async function createUser(t: TestApp, opts: { verified?: boolean; role?: 'USER' | 'SUPPORT'; fullName?: string } = {}): Promise<TestUser> {
  const id = randomUUID();
  const email = `${id}@test.local`;
  const role = opts.role ?? 'USER';
  await t.app.get(DataSource).query(
    `INSERT INTO users (id, email, full_name, is_email_verified, role) VALUES ($1, $2, $3, $4, $5)`,
    [id, email, opts.fullName ?? 'Test User', opts.verified ?? true, role],
  );
  const token = t.app.get(TokenService).sign({ id, email, role });
  return { id, email, token, auth: { Authorization: `Bearer ${token}` } };
}

/** Money into a user's wallet straight from the world (a test deposit), in paise. */
export async function fund(t: TestApp, userId: string, paise: bigint, key = `test-fund:${randomUUID()}`): Promise<void> {
  await t.app.get(LedgerService).post({
    idempotencyKey: key,
    reason: 'DEPOSIT',
    correlation: { type: 'adjustment', id: key },
    postings: [
      { account: WORLD, amount: -paise },
      { account: userWallet(userId), amount: paise },
    ],
    metadata: { test: true },
  });
}

export async function balanceOf(t: TestApp, account: string): Promise<bigint> {
  const rows = (await t.app.get(DataSource).query(`SELECT balance::text FROM account_balances WHERE account = $1`, [account])) as { balance: string }[];
  return rows.length ? BigInt(rows[0].balance) : 0n;
}
