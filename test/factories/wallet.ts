import { createHash, randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { TokenService } from '../../src/common/auth/token.service.js';
import { LedgerService } from '../../src/modules/wallet/infrastructure/ledger.service.js';
import { depositEntry } from '../../src/modules/wallet/domain/entries.js';
import type { TestApp } from '../setup/test-app.js';

/** A date of birth that shows 18 or over on any test clock. */
export const ADULT_DATE_OF_BIRTH = '1990-01-01';

export interface TestUser {
  id: string;
  email: string;
  token: string;
  auth: { Authorization: string };
}

/**
 * A user row inserted directly (no identity module needed) and a signed bearer token. An adult on file by default
 * (money needs a date of birth showing 18 or over); `dateOfBirth: null` makes one without.
 */
export async function createUser(
  t: TestApp,
  opts: { verified?: boolean; role?: 'USER' | 'SUPPORT'; fullName?: string; dateOfBirth?: string | null } = {},
): Promise<TestUser> {
  const id = randomUUID();
  const email = `${id}@test.local`;
  const role = opts.role ?? 'USER';
  await t.app
    .get(DataSource)
    .query(`INSERT INTO users (id, email, full_name, is_email_verified, role, date_of_birth) VALUES ($1, $2, $3, $4, $5, $6)`, [
      id,
      email,
      opts.fullName ?? 'Test User',
      opts.verified ?? true,
      role,
      opts.dateOfBirth === undefined ? ADULT_DATE_OF_BIRTH : opts.dateOfBirth,
    ]);
  const token = t.app.get(TokenService).sign({ id, email, role });
  return { id, email, token, auth: { Authorization: `Bearer ${token}` } };
}

/**
 * Money into a user's wallet (paise) as a confirmed sandbox deposit: the stored order (SUCCESS), its captured sandbox
 * payment and the DEPOSIT entry (key `deposit:{orderId}`, as the app posts it), so ledger:verify's reconciliation finds
 * the provider record of every deposit. The same `key` is the same order: it deposits once.
 */
export async function fund(t: TestApp, userId: string, paise: bigint, key = `test-fund:${randomUUID()}`): Promise<{ orderId: string; entryId: string }> {
  const ds = t.app.get(DataSource);
  const orderId = `order_t${createHash('sha256').update(key).digest('hex').slice(0, 20)}`;
  const paymentId = `pay_${orderId.slice(6)}`;
  const now = new Date();
  await ds.query(
    `INSERT INTO deposits (id, user_id, amount, provider, order_id, payment_id, status, confirmed_by, created_at, updated_at)
     VALUES ($1, $2, $3, 'sandbox', $4, $5, 'SUCCESS', 'test', $6, $6) ON CONFLICT (order_id) DO NOTHING`,
    [randomUUID(), userId, paise.toString(), orderId, paymentId, now],
  );
  await ds.query(`INSERT INTO sandbox_payments (payment_id, order_id, amount, status, created_at) VALUES ($1, $2, $3, 'captured', $4) ON CONFLICT DO NOTHING`, [
    paymentId,
    orderId,
    paise.toString(),
    now,
  ]);
  const entry = depositEntry({ userId, orderId, paymentId, amount: paise, provider: 'sandbox', via: 'test' });
  const posted = await t.app.get(LedgerService).post(entry);
  await ds.query(`UPDATE deposits SET entry_id = $1 WHERE order_id = $2`, [posted.entryId, orderId]);
  return { orderId, entryId: posted.entryId };
}

/** The provider records of a deposit entry posted straight through the ledger (tests that drive LedgerService). */
export async function recordDeposit(t: TestApp, d: { userId: string; orderId: string; paymentId: string; amount: bigint; entryId: string }): Promise<void> {
  const ds = t.app.get(DataSource);
  const now = new Date();
  await ds.query(
    `INSERT INTO deposits (id, user_id, amount, provider, order_id, payment_id, status, confirmed_by, entry_id, created_at, updated_at)
     VALUES ($1, $2, $3, 'sandbox', $4, $5, 'SUCCESS', 'test', $6, $7, $7)`,
    [randomUUID(), d.userId, d.amount.toString(), d.orderId, d.paymentId, d.entryId, now],
  );
  await ds.query(`INSERT INTO sandbox_payments (payment_id, order_id, amount, status, created_at) VALUES ($1, $2, $3, 'captured', $4)`, [
    d.paymentId,
    d.orderId,
    d.amount.toString(),
    now,
  ]);
}

/** The stored withdrawal behind withdrawal entries posted straight through the ledger; `status` follows its payout. */
export async function recordWithdrawal(
  t: TestApp,
  w: { id: string; userId: string; amount: bigint; fee: bigint; status?: 'PENDING' | 'SUCCESS' | 'FAILED' },
): Promise<void> {
  const now = new Date();
  await t.app.get(DataSource).query(
    `INSERT INTO withdrawals (id, user_id, amount, fee, net_amount, method, upi_id, status, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, 'UPI', 'test@upi', $6, $7, $7)
     ON CONFLICT (id) DO UPDATE SET status = excluded.status`,
    [w.id, w.userId, w.amount.toString(), w.fee.toString(), (w.amount - w.fee).toString(), w.status ?? 'PENDING', now],
  );
}

export async function balanceOf(t: TestApp, account: string): Promise<bigint> {
  const rows = (await t.app.get(DataSource).query(`SELECT balance::text FROM account_balances WHERE account = $1`, [account])) as { balance: string }[];
  return rows.length ? BigInt(rows[0].balance) : 0n;
}
