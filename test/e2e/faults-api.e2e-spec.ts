import { ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import request from 'supertest';
import { childEnv } from '../setup/child-env.js';
import { DataSource } from 'typeorm';
import { addDays, zonedParts } from '../../src/common/time.js';
import { createUser, fund, TestUser } from '../factories/wallet.js';
import { expectLedgerConsistent } from '../setup/ledger-invariants.js';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { until } from '../simulation/wait.js';
import { freePort } from '../setup/loopback.js';

const ROOT = resolve(__dirname, '..', '..');
const USERS = 30;

/** The compiled api (`node dist/src/main.js`) as a process of its own on a private port, against the run's database. */
async function startApi(port: number): Promise<{ child: ChildProcess; output: () => string }> {
  let out = '';
  const child = spawn(process.execPath, [resolve(ROOT, 'dist', 'src', 'main.js')], {
    cwd: ROOT,
    env: childEnv({ HOST: '127.0.0.1', PORT: String(port), AUTH_RATE_LIMIT_IP: '100000' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  await new Promise<void>((res, rej) => {
    const timer = setTimeout(() => rej(new Error(`api did not start:\n${out}`)), 40_000);
    child.stdout!.on('data', () => {
      if (out.includes('listening on')) {
        clearTimeout(timer);
        res();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      rej(new Error(`api exited (${code}) before listening:\n${out}`));
    });
  });
  return { child, output: () => out };
}

const kill = (child: ChildProcess, signal: NodeJS.Signals) =>
  new Promise<void>((res) => {
    if (child.exitCode !== null || child.signalCode !== null) return res();
    child.once('exit', () => res());
    child.kill(signal);
  });

/** The api killed (SIGKILL) in the middle of a burst of money requests: no half money movement. */
describe('the api killed mid-request', () => {
  let t: TestApp;
  let ds: DataSource;
  let api: { child: ChildProcess; output: () => string } | undefined;

  beforeAll(async () => {
    t = await createTestApp(); // in-process: users, funds and the checks; the requests go to the spawned api
    ds = t.app.get(DataSource);
  });
  afterAll(async () => {
    if (api) await kill(api.child, 'SIGKILL');
    await t?.close();
  });

  it('leaves every challenge with its stake, every withdrawal with its hold, every credited deposit with its entry', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const users: TestUser[] = await Promise.all(Array.from({ length: USERS }, () => createUser(t)));
    await Promise.all(users.map((u) => fund(t, u.id, 100_000n)));
    // orders paid at the (sandbox) gateway, waiting for the browser's confirmation
    const orders = await Promise.all(
      users.map(async (u) => {
        const o = await t.http().post('/api/v1/wallet/deposit').set(u.auth).send({ amount: 500 });
        const p = await t.http().post('/api/v1/wallet/sandbox/checkout').set(u.auth).send({ orderId: o.body.data.orderId });
        return { orderId: o.body.data.orderId as string, paymentId: p.body.razorpay_payment_id as string, signature: p.body.razorpay_signature as string };
      }),
    );
    const date = addDays(zonedParts(new Date(), 'Asia/Kolkata').date, 3); // the spawned api runs on the real clock

    api = await startApi(port);
    let answered = 0;
    let cut = 0;
    const fire = (r: request.Test) =>
      r.timeout(20_000).then(
        (res) => {
          answered++;
          if (res.status >= 500) throw new Error(`answered ${res.status}: ${JSON.stringify(res.body)}`);
          return res.status;
        },
        () => {
          cut++;
          return 0;
        },
      );
    const burst = users.flatMap((u, i) => [
      fire(request(url).post('/api/v1/wallet/verify-payment').set(u.auth).send(orders[i])),
      fire(
        request(url)
          .post('/api/v1/wallet/withdraw')
          .set(u.auth)
          .send({ amount: 150, withdrawalMethod: 'UPI', upiId: `pay${i}@okaxis` }),
      ),
      fire(request(url).post('/api/v1/challenges').set(u.auth).send({ challengeDate: date, wakeUpTime: '06:00', forfeitAmount: 40 })),
    ]);
    await until('the first answers', async () => answered >= 5, 30_000, 5);
    await kill(api.child, 'SIGKILL');
    await Promise.all(burst);
    expect(cut).toBeGreaterThan(0); // killed mid-burst
    const ids = users.map((u) => u.id);

    // no half money movement
    const [orphans] = await ds.query(
      `SELECT
         (SELECT count(*) FROM challenges c WHERE c.user_id = ANY($1::uuid[])
            AND NOT EXISTS (SELECT 1 FROM journal_entries j WHERE j.idempotency_key = 'challenge:' || c.id || ':stake'))::int AS challenges_without_stake,
         (SELECT count(*) FROM journal_entries j JOIN postings p ON p.entry_id = j.id
           WHERE j.reason = 'CHALLENGE_STAKE' AND p.account = ANY($2::text[])
             AND NOT EXISTS (SELECT 1 FROM challenges c WHERE c.id::text = j.correlation_id))::int AS stakes_without_challenge,
         (SELECT count(*) FROM withdrawals w WHERE w.user_id = ANY($1::uuid[])
            AND NOT EXISTS (SELECT 1 FROM journal_entries j WHERE j.idempotency_key = 'withdrawal:' || w.id || ':hold'))::int AS withdrawals_without_hold,
         (SELECT count(*) FROM journal_entries j JOIN postings p ON p.entry_id = j.id
           WHERE j.reason = 'WITHDRAWAL_HOLD' AND p.account = ANY($2::text[])
             AND NOT EXISTS (SELECT 1 FROM withdrawals w WHERE w.id::text = j.correlation_id))::int AS holds_without_withdrawal,
         (SELECT count(*) FROM deposits d WHERE d.user_id = ANY($1::uuid[]) AND (d.status = 'SUCCESS') <>
            EXISTS (SELECT 1 FROM journal_entries j WHERE j.idempotency_key = 'deposit:' || d.order_id))::int AS deposits_half_credited`,
      [ids, ids.map((id) => `user:${id}:wallet`)],
    );
    expect(orphans).toEqual({
      challenges_without_stake: 0,
      stakes_without_challenge: 0,
      withdrawals_without_hold: 0,
      holds_without_withdrawal: 0,
      deposits_half_credited: 0,
    });
    await expectLedgerConsistent(t.app);

    // restarted, the confirmations are sent again: each deposit credited exactly once
    api = await startApi(port);
    const again = await Promise.all(users.map((u, i) => request(url).post('/api/v1/wallet/verify-payment').set(u.auth).send(orders[i]).timeout(20_000)));
    for (const r of again) expect(r.status).toBe(200);
    await kill(api.child, 'SIGTERM');
    api = undefined;
    const rows = (await ds.query(
      `SELECT u.id,
              (SELECT balance FROM account_balances WHERE account = 'user:' || u.id || ':wallet')::text AS balance,
              (SELECT count(*) FROM journal_entries j JOIN deposits d ON j.idempotency_key = 'deposit:' || d.order_id WHERE d.user_id = u.id AND d.confirmed_by IS DISTINCT FROM 'test')::int AS credits, -- not fund()'s
              (SELECT coalesce(sum(stake), 0) FROM challenges c WHERE c.user_id = u.id)::text AS staked,
              (SELECT coalesce(sum(amount), 0) FROM withdrawals w WHERE w.user_id = u.id)::text AS held
         FROM unnest($1::uuid[]) AS u(id)`,
      [ids],
    )) as { id: string; balance: string; credits: number; staked: string; held: string }[];
    for (const r of rows) {
      expect(r.credits).toBe(1);
      // ₹1000 funded + ₹500 deposit − stakes − holds (no worker ran: holds are still held)
      expect(BigInt(r.balance)).toBe(150_000n - BigInt(r.staked) - BigInt(r.held));
    }
    await expectLedgerConsistent(t.app);
  }, 120_000);
});
