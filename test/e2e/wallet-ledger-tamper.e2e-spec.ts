import { createHash, randomUUID } from 'node:crypto';
import { QueryBus } from '@nestjs/cqrs';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { runMigrations } from '../../src/database/migrate.js';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { balanceOf, createUser, fund } from '../factories/wallet.js';
import { LedgerService } from '../../src/modules/wallet/infrastructure/ledger.service.js';
import { LedgerAuditService } from '../../src/modules/wallet/infrastructure/ledger-audit.service.js';
import { userWallet, worldShard } from '../../src/modules/wallet/domain/accounts.js';
import { contentHash } from '../../src/modules/wallet/domain/journal.js';
import { depositEntry } from '../../src/modules/wallet/domain/entries.js';
import { signPayment } from '../../src/modules/wallet/domain/signatures.js';
import { VerifyLedgerQuery } from '../../src/modules/wallet/queries/verify-ledger/verify-ledger.query.js';
import type { LedgerVerification } from '../../src/modules/wallet/queries/verify-ledger/verify-ledger.query.js';

/**
 * Someone with SQL access to the database (and the chain's formula, but not LEDGER_HMAC_KEY) forges or
 * removes money; ledger:verify reports it. Each test leaves its tampering in place, in a database of the file's own.
 */
describe('ledger tampering behind the application', () => {
  let t: TestApp;
  let ds: DataSource;
  // The tampering stays in place: on a database of this file's own, never the run's shared one.
  const admin = process.env.TEST_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `wakestake_tamper_${process.pid}_${Date.now().toString(36)}`;
  beforeAll(async () => {
    const c = new Client({ connectionString: admin });
    await c.connect();
    await c.query(`CREATE DATABASE ${name}`);
    await c.end();
    const url = new URL(admin);
    url.pathname = `/${name}`;
    await runMigrations(url.toString());
    t = await createTestApp({ env: { DATABASE_URL: url.toString() } });
    ds = t.app.get(DataSource);
  });
  afterAll(async () => {
    await t?.close();
    const c = new Client({ connectionString: admin });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  });

  const verify = (): Promise<LedgerVerification> => t.app.get(QueryBus).execute(new VerifyLedgerQuery());
  const sha = (s: string) => createHash('sha256').update(s).digest('hex');

  /** A balanced DEPOSIT written with plain SQL, chained and projected exactly as an unkeyed ledger would be. */
  async function forgeDeposit(userId: string, orderId: string, amount: bigint): Promise<string> {
    const id = randomUUID();
    const key = `deposit:${orderId}`;
    const postings = [
      { account: worldShard(orderId), amount: -amount },
      { account: userWallet(userId), amount },
    ];
    await ds.transaction(async (m) => {
      await m.query(
        `INSERT INTO journal_entries (id, idempotency_key, reason, correlation_type, correlation_id, metadata, content_hash, created_at)
         VALUES ($1, $2, 'DEPOSIT', 'deposit', $3, '{}', $4, now())`,
        [id, key, orderId, contentHash({ reason: 'DEPOSIT', correlation: { type: 'deposit', id: orderId }, postings })],
      );
      const rows: [string, string, string, string, string][] = [];
      for (const p of postings) {
        await m.query(`INSERT INTO account_balances (account, kind, updated_at) VALUES ($1, $2, now()) ON CONFLICT DO NOTHING`, [
          p.account,
          p.account.startsWith('user:') ? 'user_wallet' : 'world',
        ]);
        const [b] = (await m.query(`SELECT version::text, head_hash FROM account_balances WHERE account = $1 FOR UPDATE`, [p.account])) as {
          version: string;
          head_hash: string;
        }[];
        const seq = (BigInt(b.version) + 1n).toString();
        const hash = sha([b.head_hash, id, p.account, p.amount.toString(), seq, key].join('|'));
        rows.push([p.account, p.amount.toString(), seq, b.head_hash, hash]);
        await m.query(`UPDATE account_balances SET balance = balance + $2, version = $3, prev_hash = head_hash, head_hash = $4 WHERE account = $1`, [
          p.account,
          p.amount.toString(),
          seq,
          hash,
        ]);
      }
      await m.query(
        `INSERT INTO postings (entry_id, account, amount, seq, prev_hash, hash, created_at)
         SELECT $1, a, x, s, ph, h, now() FROM unnest($2::text[], $3::bigint[], $4::bigint[], $5::text[], $6::text[]) AS u(a, x, s, ph, h)`,
        [id, rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2]), rows.map((r) => r[3]), rows.map((r) => r[4])],
      );
    });
    return id;
  }

  it('reports a balanced DEPOSIT inserted with plain SQL: its hashes are not keyed and no paid order stands behind it', async () => {
    const a = await createUser(t);
    await fund(t, a.id, 1_000n);
    const orderId = `order_forged${randomUUID().slice(0, 8)}`;
    const entryId = await forgeDeposit(a.id, orderId, 500_000n);
    expect(await balanceOf(t, userWallet(a.id))).toBe(501_000n);

    const result = await verify();
    expect(result.ok).toBe(false);
    expect(result.problems).toContain(`account ${userWallet(a.id)}: posting 2 hash does not match its content`);
    expect(result.problems).toContain(`entry ${entryId}: deposit ${orderId} matches no stored payment order`);
  });

  it('reports a forged DEPOSIT even with a forged paid order and captured payment beside it (the chain is keyed)', async () => {
    const a = await createUser(t);
    const orderId = `order_forged${randomUUID().slice(0, 8)}`;
    const entryId = await forgeDeposit(a.id, orderId, 20_000n);
    await ds.query(
      `INSERT INTO deposits (id, user_id, amount, provider, order_id, payment_id, status, entry_id, created_at, updated_at)
       VALUES ($1, $2, 20000, 'sandbox', $3, $4, 'SUCCESS', $5, now(), now())`,
      [randomUUID(), a.id, orderId, `pay_${orderId}`, entryId],
    );
    await ds.query(`INSERT INTO sandbox_payments (payment_id, order_id, amount, status, created_at) VALUES ($1, $2, 20000, 'captured', now())`, [
      `pay_${orderId}`,
      orderId,
    ]);

    const result = await verify();
    expect(result.ok).toBe(false);
    expect(result.problems).toContain(`account ${userWallet(a.id)}: posting 1 hash does not match its content`);
    expect(result.problems.some((p) => p.includes(orderId))).toBe(false);
  });

  it('reports the last entry deleted with triggers off, even after the projection is rebuilt around the hole', async () => {
    const a = await createUser(t);
    await fund(t, a.id, 3_000n);
    const { orderId: lastOrder } = await fund(t, a.id, 7_000n);
    const [last] = (await ds.query(`SELECT id::text, correlation_id FROM journal_entries WHERE idempotency_key = $1`, [`deposit:${lastOrder}`])) as {
      id: string;
      correlation_id: string;
    }[];
    await ds.transaction(async (m) => {
      await m.query(`SET LOCAL session_replication_role = replica`);
      await m.query(`DELETE FROM postings WHERE entry_id = $1`, [last.id]);
      await m.query(`DELETE FROM journal_entries WHERE id = $1`, [last.id]);
    });
    await t.app.get(LedgerAuditService).rebuild();
    expect(await balanceOf(t, userWallet(a.id))).toBe(3_000n);

    const result = await verify();
    expect(result.ok).toBe(false);
    expect(result.problems).toContain(`deposit ${last.correlation_id}: confirmed, but its journal entry is missing`);
  });

  it('reports a deposit entry moved to another wallet, re-chained without the key', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const { orderId: movedOrder } = await fund(t, a.id, 4_000n);
    const [entry] = (await ds.query(`SELECT id::text, correlation_id FROM journal_entries WHERE idempotency_key = $1`, [`deposit:${movedOrder}`])) as {
      id: string;
      correlation_id: string;
    }[];
    await ds.transaction(async (m) => {
      await m.query(`SET LOCAL session_replication_role = replica`);
      await m.query(`UPDATE postings SET account = $2 WHERE entry_id = $3 AND account = $1`, [userWallet(a.id), userWallet(b.id), entry.id]);
    });
    await t.app.get(LedgerAuditService).rebuild();

    const result = await verify();
    expect(result.problems).toContain(`account ${userWallet(b.id)}: posting 1 hash does not match its content`);
    expect(result.problems).toContain(`entry ${entry.id}: deposit ${entry.correlation_id} credits a wallet that is not the order owner's`);
  });

  it('a deposit posted from a stale cached head is retried from the current one and chains correctly', async () => {
    const ledger = t.app.get(LedgerService);
    const a = await createUser(t);
    const orderId = `order_${randomUUID().replace(/-/g, '').slice(0, 20)}`;
    const first = await ledger.post(depositEntry({ userId: a.id, orderId, paymentId: `pay_${orderId}`, amount: 1_000n, provider: 'sandbox', via: 'test' }));
    // another process moved the wallet meanwhile: this process's remembered head is now wrong
    (ledger as unknown as { heads: Map<string, unknown> }).heads.set(userWallet(a.id), { version: 1n, head: 'f'.repeat(64) });
    const orderId2 = `order_${randomUUID().replace(/-/g, '').slice(0, 20)}`;
    const second = await ledger.post(
      depositEntry({ userId: a.id, orderId: orderId2, paymentId: `pay_${orderId2}`, amount: 2_000n, provider: 'sandbox', via: 'test' }),
    );
    expect(second.balances[userWallet(a.id)]).toBe(3_000n);
    const rows = (await ds.query(`SELECT seq::text, prev_hash, hash FROM postings WHERE account = $1 ORDER BY seq`, [userWallet(a.id)])) as {
      seq: string;
      prev_hash: string;
      hash: string;
    }[];
    expect(rows.map((r) => r.seq)).toEqual(['1', '2']);
    expect(rows[1].prev_hash).toBe(rows[0].hash);
    const result = await verify();
    expect(result.problems.filter((p) => p.includes(userWallet(a.id)))).toEqual([]);
    expect(first.entryId).not.toBe(second.entryId);
  });

  it('accepts a sandbox deposit confirmed by a valid checkout signature, and reports one whose signature does not verify', async () => {
    const a = await createUser(t);
    const post = async (secret: string) => {
      const orderId = `order_sig${randomUUID().slice(0, 8)}`;
      const paymentId = `pay_sig${randomUUID().slice(0, 8)}`;
      // the app's own writer (a keyed chain) with the stored order, as a signature-confirmed deposit leaves them, but no sandbox payment
      const { entryId } = await t.app.get(LedgerService).post(
        depositEntry({
          userId: a.id,
          orderId,
          paymentId,
          amount: 3_000n,
          provider: 'sandbox',
          via: 'signature',
          signature: signPayment(orderId, paymentId, secret),
        }),
      );
      await ds.query(
        `INSERT INTO deposits (id, user_id, amount, provider, order_id, payment_id, status, confirmed_by, entry_id, created_at, updated_at)
         VALUES ($1, $2, 3000, 'sandbox', $3, $4, 'SUCCESS', 'signature', $5, now(), now())`,
        [randomUUID(), a.id, orderId, paymentId, entryId],
      );
      return { orderId, entryId };
    };
    const good = await post(t.config.razorpayKeySecret);
    const forged = await post('not-the-key-secret');
    const result = await verify();
    expect(result.problems.some((p) => p.includes(good.orderId))).toBe(false);
    expect(result.problems).toContain(`entry ${forged.entryId}: deposit ${forged.orderId} has no captured payment at the provider`);
  });
});
