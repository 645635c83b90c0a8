import { CommandBus } from '@nestjs/cqrs';
import { getQueueToken } from '@nestjs/bullmq';
import { DataSource } from 'typeorm';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { expectLedgerConsistent } from '../setup/ledger-invariants.js';
import { balanceOf, createUser, fund, TestUser } from '../factories/wallet.js';
import { userWallet } from '../../src/modules/wallet/domain/accounts.js';
import { ProcessPayoutCommand } from '../../src/modules/wallet/commands/process-payout/process-payout.command.js';
import { ErasePayoutDetailsCommand } from '../../src/modules/wallet/commands/erase-payout-details/erase-payout-details.command.js';
import { SavePayoutMethodCommand } from '../../src/modules/wallet/commands/save-payout-method/save-payout-method.command.js';
import { BACKFILL_PAYOUT_METHODS_SQL } from '../../src/database/migrations/1763803200000-payout-methods.js';
import { PAYOUTS_QUEUE } from '../../src/modules/wallet/jobs/payouts.processor.js';

/** Saved payout methods: kept after a paid withdrawal only, per user, masked, removable, usable for the next one. */
describe('saved payout methods', () => {
  let t: TestApp;
  let ds: DataSource;
  let commands: CommandBus;
  // The payout queue is a recorder: these tests run the payout command themselves.
  const queue = { add: async () => undefined };
  beforeAll(async () => {
    t = await createTestApp({ override: (b) => b.overrideProvider(getQueueToken(PAYOUTS_QUEUE)).useValue(queue) });
    ds = t.app.get(DataSource);
    commands = t.app.get(CommandBus);
  });
  afterEach(() => expectLedgerConsistent(t.app));
  afterAll(() => t.close());

  const bank = {
    withdrawalMethod: 'BANK_TRANSFER',
    bankDetails: { accountNumber: '501004455667788', ifscCode: 'hdfc0001234', accountHolderName: 'Meera Iyer', bankName: 'HDFC Bank' },
  };
  type Method = {
    id: string;
    type: string;
    label: string;
    upiId: string | null;
    accountNumber: string | null;
    ifscCode: string | null;
    accountHolderName: string | null;
    bankName: string | null;
    uses: number;
  };

  const list = async (u: TestUser): Promise<Method[]> => (await t.http().get('/api/v1/wallet/payout-methods').set(u.auth).expect(200)).body.data.payoutMethods;
  /** The saver runs on the committed entry's event: wait until the list shows what is expected (or time out). */
  async function listUntil(u: TestUser, ok: (m: Method[]) => boolean): Promise<Method[]> {
    for (let i = 0; i < 50; i++) {
      const methods = await list(u);
      if (ok(methods)) return methods;
      await new Promise((r) => setTimeout(r, 40));
    }
    return list(u);
  }
  async function withdraw(u: TestUser, body: Record<string, unknown>, amount = 200): Promise<string> {
    const res = await t
      .http()
      .post('/api/v1/wallet/withdraw')
      .set(u.auth)
      .send({ amount, ...body });
    expect(res.status).toBe(201);
    return res.body.data.transactionId as string;
  }

  it('keeps nothing while a withdrawal is pending or when it fails; keeps the destination, masked, once it is paid', async () => {
    const u = await createUser(t);
    await fund(t, u.id, 200_000n);
    const pending = await withdraw(u, bank);
    const failed = await withdraw(u, { withdrawalMethod: 'UPI', upiId: 'fail.meera@okicici' });
    expect(await commands.execute(new ProcessPayoutCommand(failed))).toEqual({ status: 'FAILED', changed: true });
    await new Promise((r) => setTimeout(r, 200));
    expect(await list(u)).toEqual([]);

    expect(await commands.execute(new ProcessPayoutCommand(pending))).toEqual({ status: 'SUCCESS', changed: true });
    const [saved, ...others] = await listUntil(u, (m) => m.length > 0);
    expect(others).toEqual([]);
    expect(saved).toMatchObject({
      type: 'BANK_TRANSFER',
      label: 'HDFC Bank ••••7788',
      accountNumber: '••••7788',
      ifscCode: 'HDFC0001234',
      accountHolderName: 'Meera Iyer',
      bankName: 'HDFC Bank',
      upiId: null,
      uses: 1,
    });
    // Nothing in the answer carries the full account number.
    const raw = JSON.stringify((await t.http().get('/api/v1/wallet/payout-methods').set(u.auth).expect(200)).body);
    expect(raw).not.toContain('501004455667788');
    expect(raw).not.toContain('5010044556');
    // Stored in full, like the withdrawal it came from (the next payout needs it).
    const [row] = await ds.query(`SELECT bank_account_number, last_withdrawal_id FROM payout_methods WHERE id = $1`, [saved.id]);
    expect(row).toEqual({ bank_account_number: '501004455667788', last_withdrawal_id: pending });
  });

  it('counts a second paid withdrawal to the same destination as a use, not a new method; a replayed save changes nothing', async () => {
    const u = await createUser(t);
    await fund(t, u.id, 200_000n);
    const upi = { withdrawalMethod: 'UPI', upiId: 'Meera.Iyer@okaxis' };
    const first = await withdraw(u, upi);
    await commands.execute(new ProcessPayoutCommand(first));
    await listUntil(u, (m) => m.length === 1);
    const second = await withdraw(u, { ...upi, upiId: 'meera.iyer@okaxis' });
    await commands.execute(new ProcessPayoutCommand(second));
    const methods = await listUntil(u, (m) => m[0]?.uses === 2);
    expect(methods).toHaveLength(1);
    expect(methods[0]).toMatchObject({ type: 'UPI', uses: 2, accountNumber: null });
    expect(methods[0].upiId).toMatch(/^Me\*+@okaxis$/);
    expect(methods[0].upiId).not.toContain('Iyer');
    expect(await commands.execute(new SavePayoutMethodCommand(second))).toEqual({ saved: false });
    expect((await list(u))[0].uses).toBe(2);
  });

  it("never shows or removes another user's methods, and removes one's own once", async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    await fund(t, owner.id, 100_000n);
    const id = await withdraw(owner, bank);
    await commands.execute(new ProcessPayoutCommand(id));
    const [saved] = await listUntil(owner, (m) => m.length === 1);
    expect(await list(other)).toEqual([]);

    const foreign = await t.http().delete(`/api/v1/wallet/payout-methods/${saved.id}`).set(other.auth).expect(404);
    expect(foreign.body.error).toBe('Saved payout method not found');
    expect(await list(owner)).toHaveLength(1);
    // Another user cannot withdraw to it either.
    await fund(t, other.id, 50_000n);
    const steal = await t.http().post('/api/v1/wallet/withdraw').set(other.auth).send({ amount: 200, payoutMethodId: saved.id });
    expect(steal.status).toBe(400);
    expect(steal.body.error).toBe('Saved payout method not found');
    expect(await balanceOf(t, userWallet(other.id))).toBe(50_000n);

    await t.http().delete('/api/v1/wallet/payout-methods/not-a-uuid').set(owner.auth).expect(404);
    const removed = await t.http().delete(`/api/v1/wallet/payout-methods/${saved.id}`).set(owner.auth).expect(200);
    expect(removed.body).toEqual({ success: true, message: 'Saved payout method removed' });
    expect(await list(owner)).toEqual([]);
    await t.http().delete(`/api/v1/wallet/payout-methods/${saved.id}`).set(owner.auth).expect(404);
  });

  it('pays a new withdrawal to a saved method by its id, with the details it holds', async () => {
    const u = await createUser(t);
    await fund(t, u.id, 100_000n);
    const first = await withdraw(u, bank);
    await commands.execute(new ProcessPayoutCommand(first));
    const [saved] = await listUntil(u, (m) => m.length === 1);

    const valid = await t.http().post('/api/v1/wallet/withdraw/validate').set(u.auth).send({ amount: 300, payoutMethodId: saved.id }).expect(200);
    expect(valid.body.data).toMatchObject({ valid: true, method: 'BANK_TRANSFER', fee: 5, netAmount: 295 });
    const mixed = await t.http().post('/api/v1/wallet/withdraw').set(u.auth).send({ amount: 300, payoutMethodId: saved.id, upiId: 'x@okaxis' });
    expect(mixed.status).toBe(400);
    expect(mixed.body.error).toMatch(/not both/);

    const second = await withdraw(u, { payoutMethodId: saved.id }, 300);
    const [row] = await ds.query(`SELECT method, bank_account_number, ifsc_code, account_holder_name, bank_name, amount::text FROM withdrawals WHERE id = $1`, [
      second,
    ]);
    expect(row).toEqual({
      method: 'BANK_TRANSFER',
      bank_account_number: '501004455667788',
      ifsc_code: 'HDFC0001234',
      account_holder_name: 'Meera Iyer',
      bank_name: 'HDFC Bank',
      amount: '30000',
    });
    expect(await balanceOf(t, userWallet(u.id))).toBe(100_000n - 20_000n - 30_000n);
    await commands.execute(new ProcessPayoutCommand(second));
    expect((await listUntil(u, (m) => m[0]?.uses === 2))[0].uses).toBe(2);

    const unknown = await t.http().post('/api/v1/wallet/withdraw').set(u.auth).send({ amount: 300, payoutMethodId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe('Saved payout method not found');
  });

  it('erases saved methods with the rest of the payout details when the account is closed', async () => {
    const u = await createUser(t);
    await fund(t, u.id, 100_000n);
    const id = await withdraw(u, bank);
    await commands.execute(new ProcessPayoutCommand(id));
    await listUntil(u, (m) => m.length === 1);
    await ds.transaction((m) => commands.execute(new ErasePayoutDetailsCommand(u.id, m)));
    expect(await ds.query(`SELECT 1 FROM payout_methods WHERE user_id = $1`, [u.id])).toEqual([]);
  });

  it("the migration's backfill saves the destinations of withdrawals paid before the table existed", async () => {
    const u = await createUser(t);
    await fund(t, u.id, 200_000n);
    const first = await withdraw(u, bank);
    await commands.execute(new ProcessPayoutCommand(first));
    t.clock.advance(60_000);
    const second = await withdraw(u, bank);
    await commands.execute(new ProcessPayoutCommand(second));
    const failed = await withdraw(u, { withdrawalMethod: 'UPI', upiId: 'fail.meera@okicici' });
    await commands.execute(new ProcessPayoutCommand(failed));
    const pending = await withdraw(u, { withdrawalMethod: 'UPI', upiId: 'pending.meera@okicici' });
    await listUntil(u, (m) => m[0]?.uses === 2);
    // As if the table had been empty: the backfill alone rebuilds this user's methods (rolled back afterwards).
    const rebuilt = await ds
      .transaction(async (m) => {
        await m.query(`DELETE FROM payout_methods WHERE user_id = $1`, [u.id]);
        await m.query(BACKFILL_PAYOUT_METHODS_SQL);
        const rows = await m.query(
          `SELECT method, bank_account_number, bank_account_last4, ifsc_code, account_holder_name, bank_name, uses, last_withdrawal_id FROM payout_methods WHERE user_id = $1`,
          [u.id],
        );
        throw Object.assign(new Error('rollback'), { rows });
      })
      .catch((e: { rows?: unknown }) => e.rows);
    expect(rebuilt).toEqual([
      {
        method: 'BANK_TRANSFER',
        bank_account_number: '501004455667788',
        bank_account_last4: '7788',
        ifsc_code: 'HDFC0001234',
        account_holder_name: 'Meera Iyer',
        bank_name: 'HDFC Bank',
        uses: 2,
        last_withdrawal_id: second,
      },
    ]);
    expect(await list(u)).toHaveLength(1);
    // Nothing left pending in the shared database.
    expect((await commands.execute(new ProcessPayoutCommand(pending))).status).toBe('SUCCESS');
  });

  it('needs a signed-in user', async () => {
    await t.http().get('/api/v1/wallet/payout-methods').expect(401);
  });
});
