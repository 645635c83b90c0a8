import { randomUUID } from 'node:crypto';
import { CommandBus, EventBus, QueryBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { expectLedgerConsistent } from '../setup/ledger-invariants.js';
import { balanceOf, createUser, fund, recordDeposit } from '../factories/wallet.js';
import { LedgerService } from '../../src/modules/wallet/infrastructure/ledger.service.js';
import { LedgerAuditService } from '../../src/modules/wallet/infrastructure/ledger-audit.service.js';
import { challengeStake, pool, userWallet, WORLD } from '../../src/modules/wallet/domain/accounts.js';
import { postingHash } from '../../src/modules/wallet/domain/journal.js';
import { depositEntry } from '../../src/modules/wallet/domain/entries.js';
import { StakeForfeitCommand } from '../../src/modules/wallet/commands/stake-forfeit/stake-forfeit.command.js';
import { ReturnStakeCommand } from '../../src/modules/wallet/commands/return-stake/return-stake.command.js';
import { PostStakeMovementsCommand, StakeMovement } from '../../src/modules/wallet/commands/post-stake-movements/post-stake-movements.command.js';
import { TakePlatformRevenueCommand } from '../../src/modules/wallet/commands/take-platform-revenue/take-platform-revenue.command.js';
import { CreateNotificationCommand } from '../../src/modules/notifications/commands/create-notification/create-notification.command.js';
import { GetBalanceQuery } from '../../src/modules/wallet/queries/get-balance/get-balance.query.js';
import { GetAccountLedgerQuery } from '../../src/modules/wallet/queries/get-account-ledger/get-account-ledger.query.js';
import { VerifyLedgerQuery } from '../../src/modules/wallet/queries/verify-ledger/verify-ledger.query.js';
import { LedgerEntryPosted } from '../../src/modules/wallet/events/ledger-entry-posted.event.js';
import { ledgerRebuildCommand, ledgerVerifyCommand } from '../../src/modules/wallet/wallet.cli.js';
import { CLI_COMMANDS } from '../../src/cli-commands.js';
import { AppConfig } from '../../src/config/app-config.js';

describe('wallet ledger', () => {
  let t: TestApp;
  let ds: DataSource;
  let commands: CommandBus;
  let queries: QueryBus;
  beforeAll(async () => {
    t = await createTestApp();
    ds = t.app.get(DataSource);
    commands = t.app.get(CommandBus);
    queries = t.app.get(QueryBus);
  });
  afterEach(() => expectLedgerConsistent(t.app));
  afterAll(() => t.close());

  const codeOf = (p: Promise<unknown>) =>
    p.then(
      () => 'ok',
      (e: { code?: string }) => e.code ?? String(e),
    );

  it('stakes, pools, refunds and pays winnings through the commands settlement uses, each once', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    await fund(t, a.id, 10_000n);
    await fund(t, b.id, 10_000n);
    const [ca, cb] = [randomUUID(), randomUUID()];
    const date = '2029-03-03';
    const inPool = await balanceOf(t, pool(date));
    expect(await commands.execute(new StakeForfeitCommand({ userId: a.id, challengeId: ca, amount: 2_500n }))).toMatchObject({ duplicate: false });
    const again = await commands.execute(new StakeForfeitCommand({ userId: a.id, challengeId: ca, amount: 2_500n }));
    expect(again.duplicate).toBe(true);
    await commands.execute(new StakeForfeitCommand({ userId: b.id, challengeId: cb, amount: 4_000n }));
    expect((await queries.execute(new GetBalanceQuery(a.id))).balance).toBe(7_500n);
    // a fails: 85% back, 15% to the pool; b wins: stake back plus the pool
    const move = (m: StakeMovement) => commands.execute(new PostStakeMovementsCommand({ movements: [m] })).then(([r]) => r);
    await move({ type: 'REFUND_STAKE', userId: a.id, challengeId: ca, amount: 2_125n });
    await move({ type: 'MOVE_TO_POOL', userId: a.id, challengeId: ca, date, amount: 375n });
    await commands.execute(new ReturnStakeCommand({ userId: b.id, challengeId: cb, amount: 4_000n, reason: 'SETTLED' }));
    await move({ type: 'PAY_WINNINGS', userId: b.id, challengeId: cb, date, amount: 375n });
    const dup = await move({ type: 'PAY_WINNINGS', userId: b.id, challengeId: cb, date, amount: 375n });
    expect(dup.duplicate).toBe(true);
    expect(await balanceOf(t, userWallet(a.id))).toBe(9_625n);
    expect(await balanceOf(t, userWallet(b.id))).toBe(10_375n);
    expect(await balanceOf(t, challengeStake(ca))).toBe(0n);
    expect(await balanceOf(t, pool(date))).toBe(inPool);
  });

  it('sends an unwon pool to platform revenue', async () => {
    const a = await createUser(t);
    await fund(t, a.id, 1_000n);
    const c = randomUUID();
    const date = '2029-03-04';
    const inPool = await balanceOf(t, pool(date));
    await commands.execute(new StakeForfeitCommand({ userId: a.id, challengeId: c, amount: 1_000n }));
    await commands.execute(new PostStakeMovementsCommand({ movements: [{ type: 'MOVE_TO_POOL', userId: a.id, challengeId: c, date, amount: 1_000n }] }));
    const before = await balanceOf(t, 'platform:revenue');
    await commands.execute(new TakePlatformRevenueCommand({ date, batchId: randomUUID(), amount: 1_000n }));
    expect(await balanceOf(t, 'platform:revenue')).toBe(before + 1_000n);
    expect(await balanceOf(t, pool(date))).toBe(inPool);
  });

  it('refuses a stake that would overdraw the wallet with WALLET.INSUFFICIENT_FUNDS and moves nothing', async () => {
    const a = await createUser(t);
    await fund(t, a.id, 1_000n);
    const err = await commands.execute(new StakeForfeitCommand({ userId: a.id, challengeId: randomUUID(), amount: 1_001n })).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'WALLET.INSUFFICIENT_FUNDS', kind: 'INVALID', message: 'Insufficient balance' });
    expect(await balanceOf(t, userWallet(a.id))).toBe(1_000n);
  });

  it('refuses a stake return larger than the stake holds', async () => {
    const a = await createUser(t);
    await fund(t, a.id, 1_000n);
    const c = randomUUID();
    await commands.execute(new StakeForfeitCommand({ userId: a.id, challengeId: c, amount: 500n }));
    expect(await codeOf(commands.execute(new ReturnStakeCommand({ userId: a.id, challengeId: c, amount: 501n, reason: 'CANCELLED' })))).toBe(
      'LEDGER.ACCOUNT_OVERDRAWN',
    );
  });

  it('refuses zero, negative and non-bigint amounts', async () => {
    const a = await createUser(t);
    for (const amount of [0n, -5n, 5 as unknown as bigint, 2.5 as unknown as bigint]) {
      expect(await codeOf(commands.execute(new StakeForfeitCommand({ userId: a.id, challengeId: randomUUID(), amount })))).toBe('LEDGER.INVALID_AMOUNT');
    }
  });

  it('answers the same key with different contents with LEDGER.IDEMPOTENCY_CONFLICT', async () => {
    const a = await createUser(t);
    await fund(t, a.id, 5_000n);
    const c = randomUUID();
    await commands.execute(new StakeForfeitCommand({ userId: a.id, challengeId: c, amount: 1_000n }));
    const err = await commands.execute(new StakeForfeitCommand({ userId: a.id, challengeId: c, amount: 2_000n })).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'LEDGER.IDEMPOTENCY_CONFLICT', kind: 'CONFLICT' });
    expect(await balanceOf(t, userWallet(a.id))).toBe(4_000n);
  });

  it('answers a repeated one-statement post (a deposit) with the stored entry, and different contents with a conflict', async () => {
    const ledger = t.app.get(LedgerService);
    const a = await createUser(t);
    const orderId = `order_${randomUUID().replace(/-/g, '').slice(0, 20)}`;
    const deposit = (amount: bigint) => depositEntry({ userId: a.id, orderId, paymentId: `pay_${orderId}`, amount, provider: 'sandbox', via: 'test' });
    const first = await ledger.post(deposit(2_500n));
    await recordDeposit(t, { userId: a.id, orderId, paymentId: `pay_${orderId}`, amount: 2_500n, entryId: first.entryId });
    expect(first).toMatchObject({ duplicate: false, balances: { [userWallet(a.id)]: 2_500n } });
    expect(await ledger.post(deposit(2_500n))).toEqual({ entryId: first.entryId, duplicate: true, balances: {} });
    const err = await ledger.post(deposit(9_999n)).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'LEDGER.IDEMPOTENCY_CONFLICT', kind: 'CONFLICT' });
    expect(await balanceOf(t, userWallet(a.id))).toBe(2_500n);
  });

  it('refuses unbalanced entries, unknown accounts and a repeated account in code', async () => {
    const ledger = t.app.get(LedgerService);
    const base = { reason: 'ADJUSTMENT', correlation: { type: 'adjustment' as const, id: 'x' } };
    const bad = [
      [
        { account: WORLD, amount: -5n },
        { account: 'platform:fees', amount: 4n },
      ],
      [
        { account: WORLD, amount: -5n },
        { account: 'bank:somewhere', amount: 5n },
      ],
      [{ account: WORLD, amount: -5n }],
      [
        { account: 'platform:fees', amount: 5n },
        { account: 'platform:fees', amount: -5n },
      ],
    ];
    for (const postings of bad) {
      expect(await codeOf(ledger.post({ ...base, idempotencyKey: randomUUID(), postings }))).toBe('LEDGER.INVALID_ENTRY');
    }
  });

  it('keeps a wallet at or above zero under 30 concurrent stakes, accepting exactly what the balance covers', async () => {
    const a = await createUser(t);
    await fund(t, a.id, 10_000n);
    const results = await Promise.all(
      Array.from({ length: 30 }, () => codeOf(commands.execute(new StakeForfeitCommand({ userId: a.id, challengeId: randomUUID(), amount: 1_000n })))),
    );
    expect(results.filter((r) => r === 'ok')).toHaveLength(10);
    expect(results.filter((r) => r === 'WALLET.INSUFFICIENT_FUNDS')).toHaveLength(20);
    expect(await balanceOf(t, userWallet(a.id))).toBe(0n);
  });

  it('posts the same key concurrently exactly once', async () => {
    const a = await createUser(t);
    await fund(t, a.id, 10_000n);
    const c = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => commands.execute(new StakeForfeitCommand({ userId: a.id, challengeId: c, amount: 700n }))),
    );
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    expect(new Set(results.map((r) => r.entryId)).size).toBe(1);
    expect(await balanceOf(t, userWallet(a.id))).toBe(9_300n);
  });

  it("runs in the caller's transaction and rolls back with it", async () => {
    const a = await createUser(t);
    await fund(t, a.id, 5_000n);
    const c = randomUUID();
    await ds
      .transaction(async (manager) => {
        await commands.execute(new StakeForfeitCommand({ userId: a.id, challengeId: c, amount: 1_000n, manager }));
        throw new Error('the challenge row failed');
      })
      .catch(() => undefined);
    expect(await balanceOf(t, userWallet(a.id))).toBe(5_000n);
    expect(await ds.query(`SELECT 1 FROM journal_entries WHERE idempotency_key = $1`, [`challenge:${c}:stake`])).toHaveLength(0);
    await ds.transaction((manager) => commands.execute(new StakeForfeitCommand({ userId: a.id, challengeId: c, amount: 1_000n, manager })));
    expect(await balanceOf(t, userWallet(a.id))).toBe(4_000n);
  });

  it('publishes LedgerEntryPosted after commit, not for duplicates', async () => {
    const seen: LedgerEntryPosted[] = [];
    const sub = t.app.get(EventBus).subscribe((e) => {
      if (e instanceof LedgerEntryPosted) seen.push(e);
    });
    try {
      const a = await createUser(t);
      const { orderId } = await fund(t, a.id, 2_000n, `evt:${a.id}`);
      await fund(t, a.id, 2_000n, `evt:${a.id}`);
      const mine = seen.filter((e) => e.idempotencyKey === `deposit:${orderId}`);
      expect(mine).toHaveLength(1);
      expect(mine[0].postings).toEqual(expect.arrayContaining([{ account: userWallet(a.id), amount: 2_000n }]));
    } finally {
      sub.unsubscribe();
    }
  });

  it('chains each posting to the previous one of its account with the keyed hash (HMAC with the ledger key)', async () => {
    const a = await createUser(t);
    await fund(t, a.id, 1_000n);
    await fund(t, a.id, 2_000n);
    const rows = (await ds.query(
      `SELECT p.entry_id, p.account, p.amount::text, p.seq::text, p.prev_hash, p.hash, j.idempotency_key, j.content_hash FROM postings p JOIN journal_entries j ON j.id = p.entry_id WHERE account = $1 ORDER BY seq`,
      [userWallet(a.id)],
    )) as { entry_id: string; account: string; amount: string; seq: string; prev_hash: string; hash: string; idempotency_key: string; content_hash: string }[];
    expect(rows.map((r) => r.seq)).toEqual(['1', '2']);
    expect(rows[0].prev_hash).toBe('0'.repeat(64));
    expect(rows[1].prev_hash).toBe(rows[0].hash);
    for (const r of rows) {
      const key = t.app.get(AppConfig).ledgerHmacKey;
      expect(r.hash).toBe(
        postingHash(key, {
          prevHash: r.prev_hash,
          entryId: r.entry_id,
          account: r.account,
          amount: BigInt(r.amount),
          seq: BigInt(r.seq),
          idempotencyKey: r.idempotency_key,
          contentHash: r.content_hash,
        }),
      );
    }
  });

  it('lists a wallet ledger with running balances (GetAccountLedgerQuery)', async () => {
    const a = await createUser(t);
    await fund(t, a.id, 3_000n);
    const c = randomUUID();
    await commands.execute(new StakeForfeitCommand({ userId: a.id, challengeId: c, amount: 1_000n }));
    const ledger = await queries.execute(new GetAccountLedgerQuery(a.id));
    expect(ledger.balance).toBe(2_000n);
    expect(ledger.lines.map((l) => [l.reason, l.amount, l.runningBalance])).toEqual([
      ['DEPOSIT', 3_000n, 3_000n],
      ['CHALLENGE_STAKE', -1_000n, 2_000n],
    ]);
    expect(ledger.lines[1]).toMatchObject({ correlationType: 'challenge', correlationId: c, idempotencyKey: `challenge:${c}:stake` });
    expect(ledger.lines[1].postings).toEqual(expect.arrayContaining([{ account: challengeStake(c), amount: 1_000n }]));
  });

  it('stores a notification once per dedupe key', async () => {
    const a = await createUser(t);
    const input = { userId: a.id, type: 'DEPOSIT_CREDITED' as const, title: 't', message: 'm', dedupeKey: `n:${a.id}` };
    const first = await commands.execute(new CreateNotificationCommand(input));
    const second = await commands.execute(new CreateNotificationCommand(input));
    expect(second.id).toBe(first.id);
    expect(await ds.query(`SELECT 1 FROM notifications WHERE user_id = $1`, [a.id])).toHaveLength(1);
  });

  describe('enforced by the database', () => {
    it('refuses UPDATE, DELETE and TRUNCATE on postings and journal entries', async () => {
      const a = await createUser(t);
      await fund(t, a.id, 1_000n);
      const account = userWallet(a.id);
      await expect(ds.query(`UPDATE postings SET amount = amount + 1 WHERE account = $1`, [account])).rejects.toThrow(/append-only/);
      await expect(ds.query(`DELETE FROM postings WHERE account = $1`, [account])).rejects.toThrow(/append-only/);
      await expect(ds.query(`UPDATE journal_entries SET reason = 'X' WHERE reason = 'DEPOSIT'`)).rejects.toThrow(/append-only/);
      await expect(ds.query(`TRUNCATE postings, journal_entries`)).rejects.toThrow(/append-only/);
    });

    it('refuses at commit an entry whose postings do not sum to zero', async () => {
      const id = randomUUID();
      await expect(
        ds.transaction(async (m) => {
          await m.query(
            `INSERT INTO journal_entries (id, idempotency_key, reason, correlation_type, correlation_id, content_hash) VALUES ($1::uuid, $2, 'X', 'adjustment', 'x', repeat('0', 64))`,
            [id, id],
          );
          await m.query(
            `INSERT INTO postings (entry_id, account, amount, seq, prev_hash, hash) VALUES ($1, 'zz:unbalanced', 5, 1, repeat('0', 64), repeat('0', 64))`,
            [id],
          );
        }),
      ).rejects.toThrow(/unbalanced/);
    });

    it('refuses postings to an entry that does not exist, balanced or not', async () => {
      const ghost = randomUUID();
      await expect(
        ds.query(
          `INSERT INTO postings (entry_id, account, amount, seq, prev_hash, hash)
           VALUES ($1, 'zz:ghost-a', 5, 1, repeat('0', 64), repeat('0', 64)), ($1, 'zz:ghost-b', -5, 1, repeat('0', 64), repeat('0', 64))`,
          [ghost],
        ),
      ).rejects.toThrow(/unknown journal entry/);
      expect(await ds.query(`SELECT 1 FROM postings WHERE entry_id = $1`, [ghost])).toHaveLength(0);
    });

    it('refuses a later posting that unbalances a stored entry', async () => {
      const a = await createUser(t);
      await fund(t, a.id, 700n);
      const [{ entry_id: entryId }] = (await ds.query(`SELECT entry_id FROM postings WHERE account = $1`, [userWallet(a.id)])) as { entry_id: string }[];
      await expect(
        ds.query(`INSERT INTO postings (entry_id, account, amount, seq, prev_hash, hash) VALUES ($1, 'zz:late', 3, 1, repeat('0', 64), repeat('0', 64))`, [
          entryId,
        ]),
      ).rejects.toThrow(/unbalanced/);
      const sum = async () =>
        ((await ds.query(`SELECT sum(amount)::int AS s, count(*)::int AS n FROM postings WHERE entry_id = $1`, [entryId])) as { s: number; n: number }[])[0];
      expect(await sum()).toEqual({ s: 0, n: 2 });
    });

    it('refuses a negative user wallet in the projection', async () => {
      const a = await createUser(t);
      await fund(t, a.id, 100n);
      await expect(ds.query(`UPDATE account_balances SET balance = -1 WHERE account = $1`, [userWallet(a.id)])).rejects.toThrow(/user_wallet_non_negative/);
    });
  });

  describe('verify and rebuild', () => {
    const capture = async (fn: () => Promise<number>) => {
      const out: string[] = [];
      const o = jest.spyOn(process.stdout, 'write').mockImplementation((s) => (out.push(String(s)), true));
      const e = jest.spyOn(process.stderr, 'write').mockImplementation((s) => (out.push(String(s)), true));
      try {
        return { code: await fn(), text: out.join('') };
      } finally {
        o.mockRestore();
        e.mockRestore();
      }
    };

    it('registers ledger:verify and ledger:rebuild as CLI commands', () => {
      expect(CLI_COMMANDS.map((c) => c.name)).toEqual(expect.arrayContaining(['ledger:verify', 'ledger:rebuild']));
    });

    it('ledger:verify passes on a healthy ledger', async () => {
      const r = await capture(() => ledgerVerifyCommand.run(t.app, []));
      expect(r.code).toBe(0);
      expect(r.text).toMatch(/ledger OK/);
    });

    it('detects a tampered projection, names the account, and ledger:rebuild repairs it', async () => {
      const a = await createUser(t);
      await fund(t, a.id, 1_000n);
      const account = userWallet(a.id);
      await ds.query(`UPDATE account_balances SET balance = balance + 500 WHERE account = $1`, [account]);
      const r = await capture(() => ledgerVerifyCommand.run(t.app, []));
      expect(r.code).toBe(1);
      expect(r.text).toContain(`account ${account}: projection 1500`);
      const rebuilt = await capture(() => ledgerRebuildCommand.run(t.app, []));
      expect(rebuilt.code).toBe(0);
      expect(rebuilt.text).toContain(account);
      expect(await balanceOf(t, account)).toBe(1_000n);
    });

    it('detects a posting edited behind the application (trigger disabled) through the hash chain', async () => {
      const a = await createUser(t);
      await fund(t, a.id, 1_000n);
      await fund(t, a.id, 1_000n);
      const account = userWallet(a.id);
      const tamper = (sql: string) =>
        ds.transaction(async (m) => {
          await m.query(`ALTER TABLE postings DISABLE TRIGGER postings_append_only`);
          await m.query(sql, [account]);
          await m.query(`ALTER TABLE postings ENABLE TRIGGER postings_append_only`);
        });
      // an edit that keeps the fold equal: only the hash chain can see it
      await tamper(`UPDATE postings SET amount = CASE seq WHEN 1 THEN 1500 ELSE 500 END WHERE account = $1`);
      try {
        const result = await queries.execute(new VerifyLedgerQuery());
        expect(result.ok).toBe(false);
        expect(result.problems[0]).toBe(`account ${account}: posting 1 hash does not match its content`);
        const r = await capture(() => ledgerVerifyCommand.run(t.app, []));
        expect(r.code).toBe(1);
        expect(r.text).toContain(account);
      } finally {
        await tamper(`UPDATE postings SET amount = 1000 WHERE account = $1`);
      }
      expect(await ds.query(`SELECT 1 FROM pg_trigger WHERE tgname = 'postings_append_only' AND tgenabled = 'O'`)).toHaveLength(1);
    });

    it('a rebuild of a healthy ledger changes nothing', async () => {
      const { changed } = await t.app.get(LedgerAuditService).rebuild();
      expect(changed).toEqual([]);
    });
  });
});
