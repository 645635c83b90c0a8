import { randomUUID } from 'node:crypto';
import { EventBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { expectLedgerConsistent } from '../setup/ledger-invariants.js';
import { balanceOf, createUser, fund, recordDeposit } from '../factories/wallet.js';
import { LedgerService, PostResult } from '../../src/modules/wallet/infrastructure/ledger.service.js';
import { challengeStake, userWallet } from '../../src/modules/wallet/domain/accounts.js';
import { depositEntry } from '../../src/modules/wallet/domain/entries.js';
import type { EntryInput } from '../../src/modules/wallet/domain/journal.js';
import { LedgerEntryPosted } from '../../src/modules/wallet/events/ledger-entry-posted.event.js';

/**
 * Group commit: posts made outside a caller's transaction at the same time are written in one transaction
 * and one commit per batch; each post stays atomic, idempotent and hash-chained, and one that fails fails alone.
 */
describe('ledger group commit', () => {
  let t: TestApp;
  let ds: DataSource;
  let ledger: LedgerService;
  beforeAll(async () => {
    t = await createTestApp();
    ds = t.app.get(DataSource);
    ledger = t.app.get(LedgerService);
  });
  afterEach(() => expectLedgerConsistent(t.app));
  afterAll(() => t.close());

  const codeOf = (p: Promise<unknown>) =>
    p.then(
      () => 'ok',
      (e: { code?: string }) => e.code ?? String(e),
    );
  const deposit = (userId: string, amount: bigint, orderId = `order_g${randomUUID().replace(/-/g, '').slice(0, 20)}`) =>
    depositEntry({ userId, orderId, paymentId: `pay_${orderId}`, amount, provider: 'sandbox', via: 'test' });
  const stake = (userId: string, amount: bigint, challengeId = randomUUID()): EntryInput => ({
    idempotencyKey: `challenge:${challengeId}:stake`,
    reason: 'CHALLENGE_STAKE',
    correlation: { type: 'challenge', id: challengeId },
    postings: [
      { account: userWallet(userId), amount: -amount },
      { account: challengeStake(challengeId), amount },
    ],
    metadata: { userId, challengeId },
  });
  /** The provider records of deposits posted straight through the ledger (the verify query reconciles them). */
  const record = async (entries: EntryInput[], results: PostResult[]) => {
    for (const [i, e] of entries.entries()) {
      if (results[i].duplicate || e.reason !== 'DEPOSIT') continue;
      const userId = e.postings.find((p) => p.amount > 0n)!.account.split(':')[1];
      const orderId = e.correlation.id;
      await recordDeposit(t, {
        userId,
        orderId,
        paymentId: `pay_${orderId}`,
        amount: e.postings.find((p) => p.amount > 0n)!.amount,
        entryId: results[i].entryId,
      });
    }
  };
  /** The batches commitGroup was given while `run` ran (the keys of each). */
  const batchesDuring = async <T>(run: () => Promise<T>): Promise<{ result: T; batches: string[][] }> => {
    const spy = jest.spyOn(ledger as unknown as { commitGroup: (items: { entry: EntryInput }[]) => Promise<unknown> }, 'commitGroup');
    try {
      const result = await run();
      return { result, batches: spy.mock.calls.map(([items]) => items.map((i) => i.entry.idempotencyKey)) };
    } finally {
      spy.mockRestore();
    }
  };

  it('writes 120 concurrent posts over shared and separate wallets in batches, none lost, doubled or reordered', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => createUser(t)));
    for (const u of users.slice(0, 3)) await fund(t, u.id, 50_000n);
    const seen: LedgerEntryPosted[] = [];
    const sub = t.app.get(EventBus).subscribe((e) => e instanceof LedgerEntryPosted && seen.push(e));
    // deposits to all six wallets (three shared by many posts), stakes from the three funded ones, all at once
    const entries = Array.from({ length: 120 }, (_, i) =>
      i % 3 === 2 ? stake(users[i % 3].id, 100n + BigInt(i)) : deposit(users[i % 6].id, 1_000n + BigInt(i)),
    );
    const { result: results, batches } = await batchesDuring(() => Promise.all(entries.map((e) => ledger.post(e))));
    sub.unsubscribe();
    await record(entries, results);

    expect(results.every((r) => !r.duplicate)).toBe(true);
    expect(new Set(results.map((r) => r.entryId)).size).toBe(120);
    expect(batches.flat().sort()).toEqual(entries.map((e) => e.idempotencyKey).sort());
    expect(Math.max(...batches.map((b) => b.length))).toBeGreaterThan(1); // grouped, not one by one
    const keys = entries.map((e) => e.idempotencyKey);
    const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM journal_entries WHERE idempotency_key = ANY($1)`, [keys]);
    expect(n).toBe(120);
    for (const u of users) {
      const account = userWallet(u.id);
      const rows: { seq: string; amount: string; key: string }[] = await ds.query(
        `SELECT p.seq::text, p.amount::text, j.idempotency_key AS key FROM postings p JOIN journal_entries j ON j.id = p.entry_id WHERE p.account = $1 ORDER BY p.seq`,
        [account],
      );
      // per-account sequence contiguous from 1, and the balance is the sum of its postings
      expect(rows.map((r) => Number(r.seq))).toEqual(rows.map((_, i) => i + 1));
      const sum = rows.reduce((s, r) => s + BigInt(r.amount), 0n);
      expect(await balanceOf(t, account)).toBe(sum);
      const expected =
        entries.flatMap((e) => e.postings.filter((p) => p.account === account)).reduce((s, p) => s + p.amount, 0n) + (users.indexOf(u) < 3 ? 50_000n : 0n);
      expect(sum).toBe(expected);
      // events: one per post, after its commit, in the order of the account's chain
      const posted = new Set(keys);
      expect(seen.filter((e) => posted.has(e.idempotencyKey) && e.postings.some((p) => p.account === account)).map((e) => e.idempotencyKey)).toEqual(
        rows.map((r) => r.key).filter((k) => posted.has(k)),
      );
    }
    // expectLedgerConsistent (afterEach): every chain verifies with the ledger's verify query
  });

  it('answers a key repeated within one batch as a duplicate of the first, and other contents as a conflict', async () => {
    const u = await createUser(t);
    const orderId = `order_g${randomUUID().replace(/-/g, '').slice(0, 20)}`;
    const same = deposit(u.id, 2_500n, orderId);
    const { result, batches } = await batchesDuring(() =>
      Promise.all([ledger.post(same), ledger.post(same), ledger.post(same), codeOf(ledger.post(deposit(u.id, 9_999n, orderId)))]),
    );
    const [a, b, c, conflict] = result as [PostResult, PostResult, PostResult, string];
    expect(batches.some((keys) => keys.filter((k) => k === same.idempotencyKey).length >= 2)).toBe(true);
    const firsts = [a, b, c].filter((r) => !r.duplicate);
    expect(firsts).toHaveLength(1);
    expect([a, b, c].map((r) => r.entryId)).toEqual([firsts[0].entryId, firsts[0].entryId, firsts[0].entryId]);
    expect([a, b, c].filter((r) => r.duplicate).every((r) => Object.keys(r.balances).length === 0)).toBe(true);
    expect(conflict).toBe('LEDGER.IDEMPOTENCY_CONFLICT');
    await recordDeposit(t, { userId: u.id, orderId, paymentId: `pay_${orderId}`, amount: 2_500n, entryId: firsts[0].entryId });
    expect(await ds.query(`SELECT 1 FROM journal_entries WHERE idempotency_key = $1`, [same.idempotencyKey])).toHaveLength(1);
    expect(await balanceOf(t, userWallet(u.id))).toBe(2_500n);
  });

  it('fails an overdraft alone: its neighbours in the same batch commit', async () => {
    const [a, b] = [await createUser(t), await createUser(t)];
    await fund(t, a.id, 1_000n);
    await fund(t, b.id, 500n);
    const stakes = [stake(a.id, 400n), stake(a.id, 400n), stake(a.id, 400n), stake(b.id, 200n), stake(b.id, 300n)];
    const { result: codes, batches } = await batchesDuring(() => Promise.all(stakes.map((s) => codeOf(ledger.post(s)))));
    // a's third stake overdraws (1,000 covers two of 400); everything else commits
    expect(codes.filter((c) => c === 'WALLET.INSUFFICIENT_FUNDS')).toHaveLength(1);
    expect(codes.filter((c) => c === 'ok')).toHaveLength(4);
    const failed = stakes[codes.indexOf('WALLET.INSUFFICIENT_FUNDS')].idempotencyKey;
    const itsBatch = batches.find((keys) => keys.includes(failed))!;
    expect(itsBatch.length).toBeGreaterThan(1);
    const stored: { key: string }[] = await ds.query(`SELECT idempotency_key AS key FROM journal_entries WHERE idempotency_key = ANY($1)`, [itsBatch]);
    expect(stored.map((r) => r.key).sort()).toEqual(itsBatch.filter((k) => k !== failed).sort());
    expect(await balanceOf(t, userWallet(a.id))).toBe(200n);
    expect(await balanceOf(t, userWallet(b.id))).toBe(0n);
  });

  it('fails a post below its floor alone, and refuses a bad entry before it joins a batch', async () => {
    const u = await createUser(t);
    await fund(t, u.id, 1_000n);
    const results = await Promise.all([
      codeOf(ledger.post(stake(u.id, 100n), undefined, { floor: { account: userWallet(u.id), above: 5_000n } })),
      codeOf(ledger.post(stake(u.id, 300n))),
      codeOf(
        ledger.post({
          ...stake(u.id, 100n),
          postings: [
            { account: userWallet(u.id), amount: -100n },
            { account: 'nowhere', amount: 100n },
          ],
        }),
      ),
      codeOf(ledger.post(stake(u.id, 200n))),
    ]);
    expect(results).toEqual(['WALLET.BELOW_MINIMUM_BALANCE', 'ok', 'LEDGER.INVALID_ENTRY', 'ok']);
    expect(await balanceOf(t, userWallet(u.id))).toBe(500n);
  });
});
