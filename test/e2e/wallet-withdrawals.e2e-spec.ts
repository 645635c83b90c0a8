import { CommandBus } from '@nestjs/cqrs';
import { getQueueToken } from '@nestjs/bullmq';
import { DataSource } from 'typeorm';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { expectLedgerConsistent } from '../setup/ledger-invariants.js';
import { balanceOf, createUser, fund } from '../factories/wallet.js';
import { payoutClearing, userWallet } from '../../src/modules/wallet/domain/accounts.js';
import { ProcessPayoutCommand } from '../../src/modules/wallet/commands/process-payout/process-payout.command.js';
import { PAYOUTS_QUEUE } from '../../src/modules/wallet/jobs/payouts.processor.js';

describe('wallet withdrawals', () => {
  let t: TestApp;
  let ds: DataSource;
  let commands: CommandBus;
  // The payout queue is replaced by a recorder: these tests run the payout command themselves, and no worker
  // elsewhere may pick their jobs up.
  const queued: { name: string; data: unknown; opts: { jobId?: string } }[] = [];
  const queue = { add: async (name: string, data: unknown, opts: { jobId?: string }) => void queued.push({ name, data, opts }) };
  beforeAll(async () => {
    t = await createTestApp({ override: (b) => b.overrideProvider(getQueueToken(PAYOUTS_QUEUE)).useValue(queue) });
    ds = t.app.get(DataSource);
    commands = t.app.get(CommandBus);
  });
  afterEach(() => expectLedgerConsistent(t.app));
  afterAll(() => t.close());

  const upi = { withdrawalMethod: 'UPI', upiId: 'riya@okaxis' };
  const bank = {
    withdrawalMethod: 'BANK_TRANSFER',
    bankDetails: { accountNumber: '123456789012', ifscCode: 'hdfc0001234', accountHolderName: 'Riya S', bankName: 'HDFC' },
  };
  const journalSize = async () => Number((await ds.query(`SELECT count(*) AS n FROM journal_entries`))[0].n);

  it('holds the amount at request, answers the fee and net, and queues the payout', async () => {
    const u = await createUser(t);
    await fund(t, u.id, 100_000n);
    const res = await t
      .http()
      .post('/api/v1/wallet/withdraw')
      .set(u.auth)
      .send({ amount: 300, ...upi })
      .expect(201);
    expect(res.body).toMatchObject({
      success: true,
      data: { amount: 300, processingFee: 2, netAmount: 298, status: 'PENDING', method: 'UPI' },
      message: 'Withdrawal request submitted successfully!',
    });
    const id = res.body.data.transactionId as string;
    expect(await balanceOf(t, userWallet(u.id))).toBe(70_000n);
    expect(await balanceOf(t, payoutClearing(id))).toBe(30_000n);
    expect(queued.find((j) => j.opts.jobId === `payout-${id}`)).toMatchObject({ name: 'payout', data: { withdrawalId: id } });

    // the payout succeeds: net to the world, fee to platform fees; running it again changes nothing
    const fees = await balanceOf(t, 'platform:fees');
    expect(await commands.execute(new ProcessPayoutCommand(id))).toEqual({ status: 'SUCCESS', changed: true });
    expect(await commands.execute(new ProcessPayoutCommand(id))).toEqual({ status: 'SUCCESS', changed: false });
    expect(await balanceOf(t, payoutClearing(id))).toBe(0n);
    expect(await balanceOf(t, 'platform:fees')).toBe(fees + 200n);
    expect(await balanceOf(t, userWallet(u.id))).toBe(70_000n);
    const tx = await t.http().get(`/api/v1/wallet/transactions/${id}`).set(u.auth).expect(200);
    expect(tx.body.data).toMatchObject({ id, type: 'WITHDRAWAL', amount: 300, netAmount: 298, debit: true, credit: false, status: 'SUCCESS', reference: id });
  });

  it('reverses a failed payout in full exactly once, even when the job runs twice concurrently', async () => {
    const u = await createUser(t);
    await fund(t, u.id, 50_000n);
    const res = await t.http().post('/api/v1/wallet/withdraw').set(u.auth).send({ amount: 200, withdrawalMethod: 'UPI', upiId: 'fail.me@okhdfc' }).expect(201);
    const id = res.body.data.transactionId as string;
    expect(await balanceOf(t, userWallet(u.id))).toBe(30_000n);
    const runs = await Promise.all([commands.execute(new ProcessPayoutCommand(id)), commands.execute(new ProcessPayoutCommand(id))]);
    expect(runs.filter((r) => r.changed)).toHaveLength(1);
    expect(await commands.execute(new ProcessPayoutCommand(id))).toEqual({ status: 'FAILED', changed: false });
    expect(await balanceOf(t, userWallet(u.id))).toBe(50_000n);
    expect(await ds.query(`SELECT 1 FROM journal_entries WHERE correlation_id = $1`, [id])).toHaveLength(2);
    const list = await t.http().get('/api/v1/wallet/transactions').set(u.auth).expect(200);
    expect(list.body.data.transactions.slice(0, 2).map((x: { type: string; status: string; amount: number }) => [x.type, x.status, x.amount])).toEqual([
      ['WITHDRAWAL_REVERSAL', 'SUCCESS', 200],
      ['WITHDRAWAL', 'FAILED', 200],
    ]);
    const notes = await t.http().get('/api/v1/wallet/notifications').set(u.auth).expect(200);
    expect(notes.body.data.notifications.map((n: { type: string }) => n.type)).toEqual(['WITHDRAWAL_REVERSED']);
  });

  it('accepts exactly 5 of 20 concurrent withdrawals against a balance that covers 5', async () => {
    const u = await createUser(t);
    await fund(t, u.id, 50_000n);
    const res = await Promise.all(
      Array.from({ length: 20 }, () =>
        t
          .http()
          .post('/api/v1/wallet/withdraw')
          .set(u.auth)
          .send({ amount: 100, ...upi }),
      ),
    );
    expect(res.filter((r) => r.status === 201)).toHaveLength(5);
    const refused = res.filter((r) => r.status !== 201);
    expect(refused.map((r) => r.status)).toEqual(Array(15).fill(400));
    expect(refused.map((r) => r.body.error)).toEqual(Array(15).fill('Insufficient balance'));
    expect(await balanceOf(t, userWallet(u.id))).toBe(0n);
    expect(await ds.query(`SELECT 1 FROM withdrawals WHERE user_id = $1`, [u.id])).toHaveLength(5);
  });

  it('charges ₹5 for a bank transfer (BANK accepted too) and masks the account number', async () => {
    const u = await createUser(t);
    await fund(t, u.id, 100_000n);
    const res = await t
      .http()
      .post('/api/v1/wallet/withdraw')
      .set(u.auth)
      .send({ amount: 500, ...bank })
      .expect(201);
    expect(res.body.data).toMatchObject({ processingFee: 5, netAmount: 495, method: 'BANK_TRANSFER' });
    await t
      .http()
      .post('/api/v1/wallet/withdraw')
      .set(u.auth)
      .send({ amount: 100, ...bank, withdrawalMethod: 'BANK' })
      .expect(201);
    await t
      .http()
      .post('/api/v1/wallet/withdraw')
      .set(u.auth)
      .send({ amount: 100, ...upi })
      .expect(201);
    const pm = await t.http().get('/api/v1/wallet/payment-methods').set(u.auth).expect(200);
    const text = JSON.stringify(pm.body);
    expect(text).not.toContain('123456789012');
    expect(pm.body.data.paymentMethods).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'BANK_TRANSFER', accountNumber: 'XXXX9012', ifscCode: 'HDFC0001234', bankName: 'HDFC' }),
        expect.objectContaining({ type: 'UPI', upiId: 'ri***@okaxis' }),
      ]),
    );
  });

  it('validates with the SPEC messages, the fee and the net', async () => {
    const u = await createUser(t);
    await fund(t, u.id, 20_000n);
    const v = (body: object) => t.http().post('/api/v1/wallet/withdraw/validate').set(u.auth).send(body).expect(200);
    expect((await v({ amount: 150, ...upi })).body).toMatchObject({ success: true, data: { valid: true, errors: [], fee: 2, netAmount: 148 } });
    expect((await v({ amount: 99, ...upi })).body.data.errors).toEqual(['Minimum withdrawal amount is ₹100']);
    expect((await v({ amount: 25001, ...upi })).body.data.errors).toEqual(['Maximum withdrawal amount is ₹25,000']);
    expect((await v({ amount: 201, ...upi })).body.data.errors).toEqual(['Insufficient balance']);
    expect((await v({ amount: 150, withdrawalMethod: 'UPI', upiId: '   ' })).body.data.errors).toEqual(['Please enter a valid UPI ID']);
    expect((await v({ amount: 150, withdrawalMethod: 'UPI', upiId: 'no-handle' })).body.data.errors).toEqual(['Please enter a valid UPI ID']);
    expect((await v({ amount: 150, withdrawalMethod: 'BANK', bankDetails: { accountNumber: '123456789' } })).body.data.errors).toEqual([
      'Please fill in all bank details',
    ]);
    expect((await v({ amount: 150, ...bank, bankDetails: { ...bank.bankDetails, ifscCode: 'HDFC1234567' } })).body.data.errors).toEqual([
      'Please enter a valid IFSC code',
    ]);
    expect((await v({ amount: 150, ...bank, bankDetails: { ...bank.bankDetails, accountNumber: '12ab' } })).body.data.errors).toEqual([
      'Account number must be 9 to 18 digits',
    ]);
    const bad = await v({ amount: 99, withdrawalMethod: 'UPI', upiId: 'no-handle' });
    expect(bad.body.data).toMatchObject({ valid: false, errors: ['Minimum withdrawal amount is ₹100', 'Please enter a valid UPI ID'] });
    expect(bad.body.message).toBe('Minimum withdrawal amount is ₹100, Please enter a valid UPI ID');
  });

  it.each([
    [{ amount: -100, withdrawalMethod: 'UPI', upiId: 'a1@ok' }, 'Minimum withdrawal amount is ₹100'],
    [{ amount: 100.5, withdrawalMethod: 'UPI', upiId: 'a1@ok' }, 'amount must be a whole number of rupees'],
    [{ amount: 100.001, withdrawalMethod: 'UPI', upiId: 'a1@ok' }, 'amount must be a number of rupees with at most 2 decimals'],
    [{ amount: '100', withdrawalMethod: 'UPI', upiId: 'a1@ok' }, 'amount must be a number of rupees'],
    [{ amount: 1e20, withdrawalMethod: 'UPI', upiId: 'a1@ok' }, 'amount must be a number of rupees with at most 2 decimals'],
    [{ withdrawalMethod: 'UPI', upiId: 'a1@ok' }, 'amount is required'],
    [{ amount: 100, withdrawalMethod: 'CASH' }, 'withdrawalMethod must be UPI, BANK_TRANSFER or BANK'],
    [{ amount: 100, withdrawalMethod: 'UPI', upiId: 'a1@ok', bankDetails: 'x' }, 'bankDetails must be an object'],
    [{ amount: 100, withdrawalMethod: 'UPI', upiId: 'a1@ok', userId: 'someone-else' }, 'Unknown field: userId'],
  ])('refuses %j with 400 "%s" and leaves the ledger untouched', async (body, message) => {
    const u = await createUser(t);
    await fund(t, u.id, 50_000n);
    const before = await journalSize();
    const res = await t.http().post('/api/v1/wallet/withdraw').set(u.auth).send(body).expect(400);
    expect(res.body.error).toContain(message);
    expect(await journalSize()).toBe(before);
    expect(await balanceOf(t, userWallet(u.id))).toBe(50_000n);
  });

  it('needs a verified email', async () => {
    const u = await createUser(t, { verified: false });
    await fund(t, u.id, 50_000n);
    const res = await t
      .http()
      .post('/api/v1/wallet/withdraw')
      .set(u.auth)
      .send({ amount: 100, ...upi })
      .expect(400);
    expect(res.body.error).toBe('Please verify your email before withdrawing');
    expect(await balanceOf(t, userWallet(u.id))).toBe(50_000n);
  });

  it("does not show another user's withdrawal (404) and answers 404 for a non-uuid id", async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    await fund(t, a.id, 50_000n);
    const res = await t
      .http()
      .post('/api/v1/wallet/withdraw')
      .set(a.auth)
      .send({ amount: 100, ...upi })
      .expect(201);
    await t.http().get(`/api/v1/wallet/transactions/${res.body.data.transactionId}`).set(b.auth).expect(404);
    await t.http().get(`/api/v1/wallet/transactions/not-a-uuid`).set(a.auth).expect(404);
  });
});
