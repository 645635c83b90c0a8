import { CommandBus } from '@nestjs/cqrs';
import { getQueueToken } from '@nestjs/bullmq';
import { DataSource } from 'typeorm';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { expectLedgerConsistent } from '../setup/ledger-invariants.js';
import { balanceOf, createUser, fund, TestUser } from '../factories/wallet.js';
import { payoutClearing, userWallet } from '../../src/modules/wallet/domain/accounts.js';
import { ProcessPayoutCommand } from '../../src/modules/wallet/commands/process-payout/process-payout.command.js';
import { PAYOUTS_QUEUE } from '../../src/modules/wallet/jobs/payouts.processor.js';

interface Row {
  withdrawalId: string;
  userId: string;
  beneficiaryName: string;
  method: string;
  upiId: string | null;
  accountNumber: string | null;
  ifscCode: string | null;
  amount: number;
  fee: number;
  netAmount: number;
}

describe('PAYOUTS_PROVIDER=manual: staff pay from the bank through the support console', () => {
  let t: TestApp;
  let ds: DataSource;
  let commands: CommandBus;
  let staff: TestUser;
  const queue = { add: async () => undefined };

  beforeAll(async () => {
    t = await createTestApp({ env: { PAYOUTS_PROVIDER: 'manual' }, override: (b) => b.overrideProvider(getQueueToken(PAYOUTS_QUEUE)).useValue(queue) });
    ds = t.app.get(DataSource);
    commands = t.app.get(CommandBus);
    staff = await createUser(t, { role: 'SUPPORT' });
  });
  afterEach(() => expectLedgerConsistent(t.app));
  afterAll(() => t.close());

  const bank = (name: string) => ({
    withdrawalMethod: 'BANK_TRANSFER',
    bankDetails: { accountNumber: '998877665544', ifscCode: 'icic0004321', accountHolderName: name, bankName: 'ICICI' },
  });
  async function withdraw(u: TestUser, body: Record<string, unknown>): Promise<string> {
    const res = await t.http().post('/api/v1/wallet/withdraw').set(u.auth).send(body).expect(201);
    const id = res.body.data.transactionId as string;
    // the payout job: with the manual provider it leaves the withdrawal to staff
    expect(await commands.execute(new ProcessPayoutCommand(id))).toEqual({ status: 'PENDING', changed: false });
    return id;
  }
  const pending = async (): Promise<Row[]> => (await t.http().get('/api/v1/support/payouts/pending').set(staff.auth).expect(200)).body.data.payouts;
  const entries = async (id: string) =>
    (
      (await ds.query(`SELECT idempotency_key FROM journal_entries WHERE correlation_type = 'withdrawal' AND correlation_id = $1 ORDER BY idempotency_key`, [
        id,
      ])) as { idempotency_key: string }[]
    ).map((r) => r.idempotency_key.split(':').at(-1));

  it('lists the withdrawals waiting for staff and exports them as a bank bulk-payment CSV; only SUPPORT may', async () => {
    const a = await createUser(t, { fullName: 'Meera Iyer' });
    const b = await createUser(t);
    await fund(t, a.id, 100_000n);
    await fund(t, b.id, 100_000n);
    const upi = await withdraw(a, { amount: 300, withdrawalMethod: 'UPI', upiId: 'meera@okaxis' });
    t.clock.advance(60_000);
    const acct = await withdraw(b, { amount: 500, ...bank('=HYPERLINK("http://evil","x")') });

    const list = await pending();
    const byId = new Map(list.map((r) => [r.withdrawalId, r]));
    expect(byId.get(upi)).toMatchObject({
      userId: a.id,
      beneficiaryName: 'Meera Iyer',
      method: 'UPI',
      upiId: 'meera@okaxis',
      accountNumber: null,
      amount: 300,
      fee: 2,
      netAmount: 298,
    });
    expect(byId.get(acct)).toMatchObject({
      userId: b.id,
      method: 'BANK_TRANSFER',
      accountNumber: '998877665544',
      ifscCode: 'ICIC0004321',
      amount: 500,
      fee: 5,
      netAmount: 495,
    });
    expect(list.findIndex((r) => r.withdrawalId === upi)).toBeLessThan(list.findIndex((r) => r.withdrawalId === acct)); // oldest first

    const csv = await t.http().get('/api/v1/support/payouts/pending.csv').set(staff.auth).expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename=".+\.csv"/);
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe('"Beneficiary Name","Payment Mode","Beneficiary Account Number","IFSC","VPA","Amount (INR)","Reference","Remarks"');
    expect(lines).toContain(`"Meera Iyer","UPI","","","meera@okaxis","298.00","${upi}","WakeStake withdrawal"`);
    // a name a spreadsheet would run as a formula is defused
    expect(lines).toContain(`"'=HYPERLINK(""http://evil"",""x"")","IMPS","998877665544","ICIC0004321","","495.00","${acct}","WakeStake withdrawal"`);

    // a user is refused, and nothing is exported to them
    const user = await t.http().get('/api/v1/support/payouts/pending').set(a.auth).expect(403);
    expect(user.body).toMatchObject({ success: false, statusCode: 403 });
    await t.http().get('/api/v1/support/payouts/pending.csv').set(a.auth).expect(403);
    await t.http().post(`/api/v1/support/payouts/${upi}/paid`).set(a.auth).send({ bankReference: 'UTR123' }).expect(403);
    await t.http().get('/api/v1/support/payouts/pending').expect(401);
    const log = (await ds.query(`SELECT action, target FROM support_access_log WHERE actor_id = $1 ORDER BY seq`, [staff.id])) as {
      action: string;
      target: string;
    }[];
    expect(log).toEqual([
      { action: 'GET support/payouts/pending', target: '/support/payouts/pending' },
      { action: 'GET support/payouts/pending.csv', target: '/support/payouts/pending.csv' },
    ]);
  });

  it('marks a payout paid with the bank reference: posted out once; a second mark is a 400', async () => {
    const u = await createUser(t);
    await fund(t, u.id, 100_000n);
    const id = await withdraw(u, { amount: 1000, withdrawalMethod: 'UPI', upiId: 'paid.by.staff@oksbi' });
    const fees = await balanceOf(t, 'platform:fees');
    const res = await t.http().post(`/api/v1/support/payouts/${id}/paid`).set(staff.auth).send({ bankReference: 'UTR 4455667788' }).expect(200);
    expect(res.body).toMatchObject({ success: true, data: { withdrawalId: id, status: 'SUCCESS', bankReference: 'UTR 4455667788' } });
    expect(await balanceOf(t, payoutClearing(id))).toBe(0n);
    expect(await balanceOf(t, 'platform:fees')).toBe(fees + 200n);
    expect(await balanceOf(t, userWallet(u.id))).toBe(0n);
    const [w] = await ds.query(`SELECT status, provider_reference, payout_provider, marked_by FROM withdrawals WHERE id = $1`, [id]);
    expect(w).toEqual({ status: 'SUCCESS', provider_reference: 'manual:UTR 4455667788', payout_provider: 'manual', marked_by: staff.id });
    const [meta] = await ds.query(`SELECT metadata FROM journal_entries WHERE idempotency_key = $1`, [`withdrawal:${id}:paid`]);
    expect(meta.metadata).toMatchObject({ payoutReference: 'manual:UTR 4455667788' });

    for (const [path, body] of [
      ['paid', { bankReference: 'UTR999' }],
      ['failed', { reason: 'bounced' }],
    ] as const) {
      const again = await t.http().post(`/api/v1/support/payouts/${id}/${path}`).set(staff.auth).send(body).expect(400);
      expect(again.body).toMatchObject({ success: false, statusCode: 400, error: 'This payout was already marked paid' });
    }
    expect(await entries(id)).toEqual(['hold', 'paid']);
    expect((await pending()).map((r) => r.withdrawalId)).not.toContain(id);
    // the job running again leaves it alone
    expect(await commands.execute(new ProcessPayoutCommand(id))).toEqual({ status: 'SUCCESS', changed: false });
    // the access log has the one mark that counted (refused calls are not recorded; the withdrawal names who marked it)
    const log = (await ds.query(`SELECT actor_id, action FROM support_access_log WHERE target = $1`, [`/support/payouts/${id}/paid`])) as unknown[];
    expect(log).toEqual([{ actor_id: staff.id, action: 'POST support/payouts/:id/paid' }]);
  });

  it('marks a payout failed with a reason: refunded in full once; the user is told; a second mark is a 400', async () => {
    const u = await createUser(t);
    await fund(t, u.id, 60_000n);
    const id = await withdraw(u, { amount: 600, ...bank('Kiran Das') });
    expect(await balanceOf(t, userWallet(u.id))).toBe(0n);
    const res = await t
      .http()
      .post(`/api/v1/support/payouts/${id}/failed`)
      .set(staff.auth)
      .send({ reason: 'Account closed at the beneficiary bank' })
      .expect(200);
    expect(res.body.data).toMatchObject({ withdrawalId: id, status: 'FAILED', refunded: 600 });
    expect(await balanceOf(t, userWallet(u.id))).toBe(60_000n);
    expect(await balanceOf(t, payoutClearing(id))).toBe(0n);
    const again = await t.http().post(`/api/v1/support/payouts/${id}/failed`).set(staff.auth).send({ reason: 'again' }).expect(400);
    expect(again.body).toMatchObject({ success: false, statusCode: 400, error: 'This payout was already marked failed' });
    await t.http().post(`/api/v1/support/payouts/${id}/paid`).set(staff.auth).send({ bankReference: 'UTR1' }).expect(400);
    expect(await balanceOf(t, userWallet(u.id))).toBe(60_000n);
    expect(await entries(id)).toEqual(['hold', 'void']);
    const notes = await t.http().get('/api/v1/wallet/notifications').set(u.auth).expect(200);
    expect(notes.body.data.notifications.map((n: { type: string }) => n.type)).toEqual(['WITHDRAWAL_REVERSED']);
    const [w] = await ds.query(`SELECT failure_reason FROM withdrawals WHERE id = $1`, [id]);
    expect(w.failure_reason).toBe('Bank payout failed: Account closed at the beneficiary bank');
  });

  it('two staff marking the same payout at once: exactly one mark counts', async () => {
    const u = await createUser(t);
    await fund(t, u.id, 50_000n);
    const id = await withdraw(u, { amount: 200, withdrawalMethod: 'UPI', upiId: 'race@okaxis' });
    const other = await createUser(t, { role: 'SUPPORT' });
    const res = await Promise.all([
      t.http().post(`/api/v1/support/payouts/${id}/paid`).set(staff.auth).send({ bankReference: 'UTR-A-1' }),
      t.http().post(`/api/v1/support/payouts/${id}/failed`).set(other.auth).send({ reason: 'bounced' }),
      t.http().post(`/api/v1/support/payouts/${id}/paid`).set(other.auth).send({ bankReference: 'UTR-B-2' }),
    ]);
    expect(res.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    const winner = res.find((r) => r.status === 200)!;
    const e = await entries(id);
    expect(e).toEqual(winner.body.data.status === 'SUCCESS' ? ['hold', 'paid'] : ['hold', 'void']);
    expect(await balanceOf(t, userWallet(u.id))).toBe(winner.body.data.status === 'SUCCESS' ? 30_000n : 50_000n);
  });

  it('refuses bad input with 4xx in the error shape, and a withdrawal that is not a manual payout', async () => {
    const u = await createUser(t);
    await fund(t, u.id, 50_000n);
    const id = await withdraw(u, { amount: 100, withdrawalMethod: 'UPI', upiId: 'inputs@okaxis' });
    const cases: [string, unknown, number][] = [
      [`${id}/paid`, {}, 400],
      [`${id}/paid`, { bankReference: '' }, 400],
      [`${id}/paid`, { bankReference: 'x'.repeat(65) }, 400],
      [`${id}/paid`, { bankReference: '=cmd|calc' }, 400],
      [`${id}/paid`, { bankReference: 12345 }, 400],
      [`${id}/failed`, {}, 400],
      [`${id}/failed`, { reason: 'x'.repeat(201) }, 400],
      ['not-a-uuid/paid', { bankReference: 'UTR1234' }, 404],
      ['00000000-0000-4000-8000-000000000000/failed', { reason: 'nobody' }, 404],
    ];
    for (const [path, body, status] of cases) {
      const r = await t
        .http()
        .post(`/api/v1/support/payouts/${path}`)
        .set(staff.auth)
        .send(body as object);
      expect([path, r.status]).toEqual([path, status]);
      expect(r.body).toMatchObject({ success: false, statusCode: status });
      expect(typeof r.body.error).toBe('string');
    }
    const missing = await t.http().post(`/api/v1/support/payouts/${id}/paid`).set(staff.auth).send({});
    expect(missing.body.message).toMatch(/bankReference/);
    // a payout RazorpayX has (provider switched since) is not staff's to mark
    await ds.query(`UPDATE withdrawals SET payout_provider = 'razorpayx', provider_reference = 'pout_X' WHERE id = $1`, [id]);
    const notManual = await t.http().post(`/api/v1/support/payouts/${id}/paid`).set(staff.auth).send({ bankReference: 'UTR1234' }).expect(400);
    expect(notManual.body.error).toBe('This withdrawal is not a manual payout awaiting staff');
    expect((await pending()).map((r) => r.withdrawalId)).not.toContain(id);
    // ... and the manual provider's job leaves it alone too
    expect(await commands.execute(new ProcessPayoutCommand(id))).toEqual({ status: 'PENDING', changed: false });
    expect(await entries(id)).toEqual(['hold']);
  });
});
