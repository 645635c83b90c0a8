import { DataSource } from 'typeorm';
import { createUser, fund, TestUser } from '../factories/wallet.js';
import { expectLedgerConsistent } from '../setup/ledger-invariants.js';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { startWorkerProcess, WorkerProcess } from '../setup/worker-process.js';
import { until } from '../simulation/wait.js';

/**
 * The worker killed (SIGKILL) in the middle of paying out, then restarted: every withdrawal ends exactly once.
 * (The worker killed during settlement is test/e2e/settlement-crash.e2e-spec.ts.)
 */
describe('a worker killed (SIGKILL) during payouts', () => {
  const N = 80;
  let t: TestApp;
  let ds: DataSource;
  let worker: WorkerProcess | undefined;

  beforeAll(async () => {
    t = await createTestApp();
    ds = t.app.get(DataSource);
  });
  afterAll(async () => {
    await worker?.kill();
    await t?.close();
  });

  it('ends every withdrawal once (SUCCESS with one paid entry, or FAILED with one void entry) after a restart', async () => {
    const users: TestUser[] = [];
    for (let i = 0; i < N; i += 30) users.push(...(await Promise.all(Array.from({ length: Math.min(30, N - i) }, () => createUser(t)))));
    await Promise.all(users.map((u) => fund(t, u.id, 100_000n)));
    // no worker yet: the requests hold the money and queue the payouts
    const ids: string[] = [];
    for (let i = 0; i < N; i += 20) {
      const part = await Promise.all(
        users.slice(i, i + 20).map((u, j) =>
          t
            .http()
            .post('/api/v1/wallet/withdraw')
            .set(u.auth)
            .send({ amount: 300, withdrawalMethod: 'UPI', upiId: `${(i + j) % 3 === 0 ? 'fail' : 'pay'}${i + j}@okaxis` }),
        ),
      );
      for (const r of part) {
        expect(r.status).toBe(201);
        ids.push(r.body.data.transactionId);
      }
    }
    const ended = async () =>
      (await ds.query(`SELECT count(*)::int AS n FROM withdrawals WHERE id = ANY($1::uuid[]) AND status <> 'PENDING'`, [ids]))[0].n as number;

    worker = await startWorkerProcess();
    await until('the first payouts', async () => (await ended()) >= 3, 30_000, 10);
    await worker.kill();
    const atKill = await ended();
    expect(atKill).toBeLessThan(N); // killed mid-way

    worker = await startWorkerProcess();
    await until('every withdrawal ended', async () => (await ended()) === N, 60_000, 200);
    await worker.stop();
    worker = undefined;

    const rows = (await ds.query(
      `SELECT w.id, w.status, w.upi_id,
              count(*) FILTER (WHERE j.idempotency_key = 'withdrawal:' || w.id || ':hold')::int AS hold,
              count(*) FILTER (WHERE j.idempotency_key = 'withdrawal:' || w.id || ':paid')::int AS paid,
              count(*) FILTER (WHERE j.idempotency_key = 'withdrawal:' || w.id || ':void')::int AS voided,
              (SELECT balance FROM account_balances WHERE account = 'payout:clearing:' || w.id)::text AS clearing,
              (SELECT count(*) FROM notifications n WHERE n.dedupe_key LIKE 'withdrawal:' || w.id || ':%')::int AS notices
         FROM withdrawals w JOIN journal_entries j ON j.correlation_type = 'withdrawal' AND j.correlation_id = w.id::text
        WHERE w.id = ANY($1::uuid[]) GROUP BY w.id`,
      [ids],
    )) as { id: string; status: string; upi_id: string; hold: number; paid: number; voided: number; clearing: string; notices: number }[];
    expect(rows).toHaveLength(N);
    for (const r of rows) {
      const fails = r.upi_id.startsWith('fail');
      expect({ id: r.id, status: r.status, hold: r.hold, paid: r.paid, voided: r.voided, clearing: r.clearing, notices: r.notices }).toEqual({
        id: r.id,
        status: fails ? 'FAILED' : 'SUCCESS',
        hold: 1,
        paid: fails ? 0 : 1,
        voided: fails ? 1 : 0,
        clearing: '0',
        notices: 1,
      });
    }
    // wallets: 1000 − 300, and the failed ones got their 300 back
    const wallets = (await ds.query(`SELECT account, balance::text FROM account_balances WHERE account = ANY($1::text[])`, [
      users.map((u) => `user:${u.id}:wallet`),
    ])) as { account: string; balance: string }[];
    const failedUsers = new Set(users.filter((_, i) => i % 3 === 0).map((u) => `user:${u.id}:wallet`));
    for (const w of wallets) expect([w.account, w.balance]).toEqual([w.account, failedUsers.has(w.account) ? '100000' : '70000']);
    await expectLedgerConsistent(t.app);
  }, 120_000);
});
