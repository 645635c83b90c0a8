import { DataSource } from 'typeorm';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { QueryBus } from '@nestjs/cqrs';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { expectLedgerConsistent } from '../setup/ledger-invariants.js';
import { balanceOf, recordDeposit, recordWithdrawal } from '../factories/wallet.js';
import { LedgerService } from '../../src/modules/wallet/infrastructure/ledger.service.js';
import { challengeStake, pool, userWallet } from '../../src/modules/wallet/domain/accounts.js';
import { depositEntry, withdrawalHoldEntry, withdrawalPaidEntry, withdrawalVoidEntry } from '../../src/modules/wallet/domain/entries.js';
import type { EntryInput } from '../../src/modules/wallet/domain/journal.js';
import { VerifyLedgerQuery } from '../../src/modules/wallet/queries/verify-ledger/verify-ledger.query.js';

type Op =
  | { kind: 'deposit'; user: number; amount: number }
  | { kind: 'stake'; user: number; amount: number }
  | { kind: 'settle'; stake: number; won: boolean }
  | { kind: 'withdraw'; user: number; amount: number; fee: number }
  | { kind: 'payout'; withdrawal: number; ok: boolean }
  | { kind: 'replay' };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), user: fc.nat(2), amount: fc.integer({ min: 1, max: 50_000 }) }),
  fc.record({ kind: fc.constant('stake' as const), user: fc.nat(2), amount: fc.integer({ min: 1, max: 20_000 }) }),
  fc.record({ kind: fc.constant('settle' as const), stake: fc.nat(20), won: fc.boolean() }),
  fc.record({ kind: fc.constant('withdraw' as const), user: fc.nat(2), amount: fc.integer({ min: 2, max: 30_000 }), fee: fc.integer({ min: 0, max: 500 }) }),
  fc.record({ kind: fc.constant('payout' as const), withdrawal: fc.nat(20), ok: fc.boolean() }),
  fc.constant({ kind: 'replay' as const }),
);

describe('wallet ledger properties', () => {
  let t: TestApp;
  let ledger: LedgerService;
  beforeAll(async () => {
    t = await createTestApp();
    ledger = t.app.get(LedgerService);
  });
  afterEach(() => expectLedgerConsistent(t.app));
  afterAll(() => t.close());

  it('any sequence of deposits, stakes, settlements, withdrawals and reversals keeps wallets >= 0, the journal at zero and projection = fold', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 25 }), async (ops) => {
        const users: string[] = [randomUUID(), randomUUID(), randomUUID()];
        // A year no other test uses, so the shared pool accounts of this file are its own.
        const poolAccount = pool(`2031-01-${String(10 + Math.floor(Math.random() * 18)).padStart(2, '0')}`);
        const model = new Map<string, bigint>(users.map((u) => [u, 0n]));
        const stakes: { id: string; user: string; amount: bigint; open: boolean }[] = [];
        const withdrawals: { id: string; user: string; amount: bigint; fee: bigint; open: boolean }[] = [];
        let last: EntryInput | null = null;
        const post = async (e: EntryInput) => {
          const r = await ledger.post(e);
          last = e;
          return r;
        };

        for (const op of ops) {
          switch (op.kind) {
            case 'deposit': {
              const u = users[op.user];
              const orderId = `order_${randomUUID().slice(0, 18)}`;
              const posted = await post(
                depositEntry({ userId: u, orderId, paymentId: `pay_${orderId}`, amount: BigInt(op.amount), provider: 'sandbox', via: 'test' }),
              );
              await recordDeposit(t, { userId: u, orderId, paymentId: `pay_${orderId}`, amount: BigInt(op.amount), entryId: posted.entryId });
              model.set(u, model.get(u)! + BigInt(op.amount));
              break;
            }
            case 'stake': {
              const u = users[op.user];
              const id = randomUUID();
              const amount = BigInt(op.amount);
              const entry: EntryInput = {
                idempotencyKey: `challenge:${id}:stake`,
                reason: 'CHALLENGE_STAKE',
                correlation: { type: 'challenge', id },
                postings: [
                  { account: userWallet(u), amount: -amount },
                  { account: challengeStake(id), amount },
                ],
              };
              const ok = await post(entry).then(
                () => true,
                (e: { code?: string }) => {
                  expect(e.code).toBe('WALLET.INSUFFICIENT_FUNDS');
                  return false;
                },
              );
              expect(ok).toBe(model.get(u)! >= amount);
              if (ok) {
                model.set(u, model.get(u)! - amount);
                stakes.push({ id, user: u, amount, open: true });
              }
              break;
            }
            case 'settle': {
              const s = stakes.filter((x) => x.open)[op.stake % Math.max(1, stakes.length)];
              if (!s) break;
              s.open = false;
              if (op.won) {
                await post({
                  idempotencyKey: `challenge:${s.id}:return-stake`,
                  reason: 'STAKE_RETURNED',
                  correlation: { type: 'challenge', id: s.id },
                  postings: [
                    { account: challengeStake(s.id), amount: -s.amount },
                    { account: userWallet(s.user), amount: s.amount },
                  ],
                });
                model.set(s.user, model.get(s.user)! + s.amount);
                const inPool = await balanceOf(t, poolAccount);
                if (inPool > 0n) {
                  await post({
                    idempotencyKey: `challenge:${s.id}:winnings`,
                    reason: 'WINNINGS',
                    correlation: { type: 'challenge', id: s.id },
                    postings: [
                      { account: poolAccount, amount: -inPool },
                      { account: userWallet(s.user), amount: inPool },
                    ],
                  });
                  model.set(s.user, model.get(s.user)! + inPool);
                }
              } else {
                const refund = (s.amount * 85n) / 100n;
                const forfeited = s.amount - refund;
                if (refund > 0n) {
                  await post({
                    idempotencyKey: `challenge:${s.id}:refund`,
                    reason: 'STAKE_REFUNDED',
                    correlation: { type: 'challenge', id: s.id },
                    postings: [
                      { account: challengeStake(s.id), amount: -refund },
                      { account: userWallet(s.user), amount: refund },
                    ],
                  });
                  model.set(s.user, model.get(s.user)! + refund);
                }
                if (forfeited > 0n) {
                  await post({
                    idempotencyKey: `challenge:${s.id}:pool`,
                    reason: 'POOL_CONTRIBUTION',
                    correlation: { type: 'challenge', id: s.id },
                    postings: [
                      { account: challengeStake(s.id), amount: -forfeited },
                      { account: poolAccount, amount: forfeited },
                    ],
                  });
                }
              }
              break;
            }
            case 'withdraw': {
              const u = users[op.user];
              const id = randomUUID();
              const amount = BigInt(op.amount);
              const fee = BigInt(Math.min(op.fee, op.amount - 1));
              const ok = await post(withdrawalHoldEntry({ id, userId: u, amount, fee, method: 'UPI' })).then(
                () => true,
                (e: { code?: string }) => {
                  expect(e.code).toBe('WALLET.INSUFFICIENT_FUNDS');
                  return false;
                },
              );
              expect(ok).toBe(model.get(u)! >= amount);
              if (ok) {
                await recordWithdrawal(t, { id, userId: u, amount, fee });
                model.set(u, model.get(u)! - amount);
                withdrawals.push({ id, user: u, amount, fee, open: true });
              }
              break;
            }
            case 'payout': {
              const w = withdrawals.filter((x) => x.open)[op.withdrawal % Math.max(1, withdrawals.length)];
              if (!w) break;
              w.open = false;
              await recordWithdrawal(t, { id: w.id, userId: w.user, amount: w.amount, fee: w.fee, status: op.ok ? 'SUCCESS' : 'FAILED' });
              if (op.ok) await post(withdrawalPaidEntry(w));
              else {
                await post(withdrawalVoidEntry({ id: w.id, userId: w.user, amount: w.amount, why: 'test' }));
                model.set(w.user, model.get(w.user)! + w.amount);
              }
              break;
            }
            case 'replay': {
              // The same key and content again: nothing moves.
              if (last) expect((await ledger.post(last)).duplicate).toBe(true);
              break;
            }
          }
        }
        for (const u of users) {
          const balance = await balanceOf(t, userWallet(u));
          expect(balance).toBeGreaterThanOrEqual(0n);
          expect(balance).toBe(model.get(u));
        }
        // Projection = fold for every account this run touched (the whole ledger, shared with every other file of the
        // run, is verified once below: verifying all of it 40 times grew with whatever ran before this file).
        const touched = [...users.map(userWallet), poolAccount, ...stakes.map((x) => challengeStake(x.id))];
        const drift = await t.app.get(DataSource).query(
          `SELECT a.account, a.balance::text, coalesce(p.s, 0)::text AS fold FROM account_balances a
             LEFT JOIN (SELECT account, sum(amount) AS s FROM postings WHERE account = ANY($1) GROUP BY account) p USING (account)
            WHERE a.account = ANY($1) AND a.balance <> coalesce(p.s, 0)`,
          [touched],
        );
        expect(drift).toEqual([]);
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? (process.env.SOAK ? 300 : 40)) },
    );
    const v = await t.app.get(QueryBus).execute(new VerifyLedgerQuery());
    expect(v.problems).toEqual([]);
    expect(v.journalSum).toBe(0n);
  }, 240_000);
});
