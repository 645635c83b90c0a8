import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Queue } from 'bullmq';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { addDays, zonedInstant } from '../../src/common/time.js';
import { CloseMissedChallengesCommand } from '../../src/modules/challenges/day/commands/close-missed-challenges/close-missed-challenges.command.js';
import { SettleDateCommand } from '../../src/modules/settlement/commands/settle-date/settle-date.command.js';
import { SETTLE_JOB_OPTIONS, SettlementJob, settleJobId } from '../../src/modules/settlement/settlement.constants.js';
import { ProcessPayoutCommand } from '../../src/modules/wallet/commands/process-payout/process-payout.command.js';
import { signWebhook } from '../../src/modules/wallet/domain/signatures.js';
import { VerifyLedgerQuery } from '../../src/modules/wallet/queries/verify-ledger/verify-ledger.query.js';
import { createUser, TestUser } from '../factories/wallet.js';
import type { TestApp } from '../setup/test-app.js';
import { ModelChallenge, MoneyModel, WITHDRAWAL_FEES } from './model.js';
import { Rng } from './prng.js';

const TZ = 'Asia/Kolkata';
const MIN = 60_000;
const SLOTS = ['04:00', '04:30', '05:00', '05:30', '06:00', '06:30', '07:00'];

export interface Figures {
  scenarios: number;
  users: number;
  operations: number;
  httpRequests: number;
  commands: number;
  deposits: number;
  challenges: number;
  withdrawals: number;
  settlementBatches: number;
  moneyMovedRupees: number;
  faultsInjected: Record<string, number>;
  rupeesLost: number;
}

export const emptyFigures = (): Figures => ({
  scenarios: 0,
  users: 0,
  operations: 0,
  httpRequests: 0,
  commands: 0,
  deposits: 0,
  challenges: 0,
  withdrawals: 0,
  settlementBatches: 0,
  moneyMovedRupees: 0,
  faultsInjected: {},
  rupeesLost: 0,
});

export interface SimContext {
  t: TestApp;
  /** the settlement queue the worker processes (the run's BULLMQ_PREFIX) */
  settlementQueue: Queue;
}

interface Res {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** One scenario: a day of many users through the real API, the app's commands and the real worker processes. */
export class Scenario {
  readonly rng: Rng;
  readonly model = new MoneyModel();
  readonly figures = emptyFigures();
  readonly date: string;
  private users: TestUser[] = [];
  private readonly problems: string[] = [];
  private readonly ds: DataSource;
  private readonly commandBus: CommandBus;
  private seq = 0;
  private lap = Date.now();
  /** phase → milliseconds (SIM_TRACE=1 prints them) */
  readonly timings: Record<string, number> = {};
  private mark(phase: string): void {
    this.timings[phase] = Date.now() - this.lap;
    this.lap = Date.now();
  }

  constructor(
    private readonly ctx: SimContext,
    readonly seed: number,
    readonly userCount: number,
    dayIndex: number,
  ) {
    this.rng = new Rng(seed);
    // far-future dates: the worker's real clock never closes or settles them by itself
    this.date = addDays('2031-01-05', dayIndex * 2);
    this.ds = ctx.t.app.get(DataSource);
    this.commandBus = ctx.t.app.get(CommandBus);
  }

  private fault(name: string, n = 1): void {
    this.figures.faultsInjected[name] = (this.figures.faultsInjected[name] ?? 0) + n;
  }

  private problem(msg: string): void {
    this.problems.push(msg);
  }

  private expect(cond: boolean, msg: string): void {
    if (!cond) this.problem(msg);
  }

  private at(date: string, time: string, plusMs = 0): Date {
    return new Date(zonedInstant(date, time, TZ).getTime() + plusMs);
  }

  private async http(
    method: 'get' | 'post' | 'delete',
    path: string,
    user: TestUser | null,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Res> {
    this.figures.httpRequests++;
    this.figures.operations++;
    const started = Date.now();
    let r = request(this.ctx.t.url)[method](`/api/v1${path}`).timeout(15_000);
    if (user) r = r.set(user.auth);
    for (const [k, v] of Object.entries(headers)) r = r.set(k, v);
    const res = body === undefined ? await r : await r.send(body as object);
    if (res.status >= 500) this.problem(`${method.toUpperCase()} ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    if (res.status >= 400 && (res.body?.success !== false || typeof res.body?.message !== 'string'))
      this.problem(`${method.toUpperCase()} ${path} ${res.status} not in the error shape: ${JSON.stringify(res.body)}`);
    if (process.env.SIM_TRACE && Date.now() - started > 300) process.stdout.write(`slow ${method} ${path} ${Date.now() - started} ms\n`);
    if (Date.now() - started > 10_000) this.problem(`${method.toUpperCase()} ${path} took ${Date.now() - started} ms`);
    return { status: res.status, body: res.body };
  }

  private async command<T>(cmd: object): Promise<T> {
    this.figures.commands++;
    this.figures.operations++;
    return this.commandBus.execute(cmd as never) as Promise<T>;
  }

  /**
   * A debit the app accepted. When it needs money the model still counts as in flight (a failed payout's void, a
   * settlement payout), what has landed is read from the database first: the withdrawal FAILED, the challenge PROCESSED.
   */
  private async debit(userId: string, paise: bigint): Promise<void> {
    if (this.model.low(userId) < paise) {
      const ws = [...this.model.withdrawals.values()].filter((w) => w.userId === userId && w.willFail && !w.landed);
      const cs = [...this.model.challenges.values()].filter((c) => c.userId === userId && c.payout !== undefined && !c.landed);
      if (ws.length) {
        const failed = (await this.ds.query(`SELECT id FROM withdrawals WHERE id = ANY($1::uuid[]) AND status = 'FAILED'`, [ws.map((w) => w.id)])) as {
          id: string;
        }[];
        for (const f of failed) this.model.landVoid(this.model.withdrawals.get(f.id)!);
      }
      if (cs.length) {
        const done = (await this.ds.query(`SELECT id FROM challenges WHERE id = ANY($1::uuid[]) AND status = 'PROCESSED'`, [cs.map((c) => c.id)])) as {
          id: string;
        }[];
        for (const d of done) this.model.landChallenge(this.model.challenges.get(d.id)!);
      }
    }
    this.model.debit(userId, paise);
  }

  // ---------- operations ----------

  /** An order, its checkout, then 1–4 confirmations (signature, provider lookup, webhook, replays, a forged amount) in any order, some at once. */
  async deposit(u: TestUser): Promise<void> {
    const rupees = this.rng.int(10, 1500);
    const created = await this.http('post', '/wallet/deposit', u, { amount: rupees });
    if (created.status !== 201) return this.problem(`deposit order refused: ${created.status} ${JSON.stringify(created.body)}`);
    const orderId: string = created.body.data.orderId;
    const paise = BigInt(rupees) * 100n;
    this.model.deposits.set(orderId, { orderId, userId: u.id, amount: paise, credited: false });
    this.figures.deposits++;
    if (this.rng.chance(0.05)) {
      this.fault('abandonedCheckouts');
      return; // never paid: must never be credited
    }
    const paid = await this.http('post', '/wallet/sandbox/checkout', u, { orderId });
    if (paid.status !== 200) return this.problem(`sandbox checkout failed: ${paid.status}`);
    const paymentId: string = paid.body.razorpay_payment_id;
    const signature: string = paid.body.razorpay_signature;

    type Kind = 'sig' | 'lookup' | 'webhook' | 'replay' | 'forged';
    const n = this.rng.int(1, 4);
    const kinds: Kind[] = [];
    for (let i = 0; i < n; i++)
      kinds.push(
        this.rng.weighted<Kind>([
          ['sig', 3],
          ['lookup', 2],
          ['webhook', 3],
          ['replay', 1],
          ['forged', 1],
        ]),
      );
    if (!kinds.some((k) => k !== 'forged')) kinds.push('webhook');
    if (kinds.length > 1) this.fault('duplicateConfirmations', kinds.length - 1);
    if (kinds[0] === 'webhook' || kinds[0] === 'replay') this.fault('webhookBeforeCheckout');
    const eventId = `evt_sim_${this.seed}_${++this.seq}`;
    const body = (amount: bigint, id: string) =>
      JSON.stringify({
        id,
        entity: 'event',
        event: 'payment.captured',
        payload: { payment: { entity: { id: paymentId, order_id: orderId, amount: Number(amount), currency: 'INR', status: 'captured' } } },
      });
    const secret = this.ctx.t.config.razorpayWebhookSecret;
    const genuine = body(paise, eventId);
    const send = async (k: Kind): Promise<'credited' | 'not'> => {
      if (k === 'sig' || k === 'lookup') {
        const r = await this.http(
          'post',
          '/wallet/verify-payment',
          u,
          k === 'sig' ? { orderId, paymentId, signature } : { razorpay_order_id: orderId, razorpay_payment_id: paymentId },
        );
        this.expect(r.status === 200, `verify-payment (${k}) answered ${r.status} ${JSON.stringify(r.body)}`);
        return r.body?.message === 'Payment verified successfully' ? 'credited' : 'not';
      }
      const raw = k === 'forged' ? body(paise + 100n, `${eventId}_forged_${++this.seq}`) : genuine;
      if (k === 'replay') this.fault('webhookReplays');
      if (k === 'forged') this.fault('amountMismatchWebhooks');
      const r = await this.http('post', '/wallet/webhooks/razorpay', null, raw, {
        'content-type': 'application/json',
        'x-razorpay-signature': signWebhook(raw, secret),
      });
      this.expect(r.status === 200, `webhook answered ${r.status} ${JSON.stringify(r.body)}`);
      const outcome = r.body?.data?.outcome;
      if (k === 'forged') this.expect(outcome === 'refused:amount-mismatch', `forged webhook outcome ${outcome}`);
      else this.expect(['credited', 'already-credited', 'duplicate'].includes(outcome), `webhook outcome ${outcome}`);
      return outcome === 'credited' ? 'credited' : 'not';
    };
    let results: ('credited' | 'not')[] = [];
    if (this.rng.chance(0.4)) {
      this.fault('concurrentConfirmations');
      results = await Promise.all(kinds.map(send));
    } else {
      for (const k of kinds) results.push(await send(k));
    }
    const credits = results.filter((r) => r === 'credited').length;
    this.expect(credits === 1, `deposit ${orderId} (${kinds.join(',')}) credited ${credits} times`);
    this.model.deposits.get(orderId)!.credited = true;
    this.model.credit(u.id, paise);
    this.model.deposited += paise;
    this.figures.moneyMovedRupees += rupees;
  }

  private async createChallenge(u: TestUser, opts: { test?: 'COMPLETED' | 'FAILED'; racing?: boolean } = {}): Promise<'created' | 'refused'> {
    const forfeit = this.rng.int(10, 100);
    const stake = BigInt(forfeit) * 100n;
    const expectation = this.model.canStake(u.id, stake, this.date);
    const slot = this.rng.pick(SLOTS);
    const r = opts.test
      ? await this.http('post', '/test/challenges/create-test-challenge', u, {
          challengeDate: this.date,
          wakeUpTime: slot,
          forfeitAmount: forfeit,
          status: opts.test,
        })
      : await this.http('post', '/challenges', u, { challengeDate: this.date, wakeUpTime: slot, forfeitAmount: forfeit });
    if (r.status === 201) {
      this.expect(
        expectation !== 'no',
        `challenge created though the model refuses it (stake ${stake}, balance ${this.model.low(u.id)}..${this.model.high(u.id)})`,
      );
      const c: ModelChallenge = {
        id: r.body.challenge.id,
        userId: u.id,
        date: this.date,
        stake,
        createdAt: new Date(r.body.challenge.createdAt),
        status: opts.test ? 'CLOSED' : 'PENDING',
        ok: opts.test ? opts.test === 'COMPLETED' : null,
        isTest: !!opts.test,
      };
      (c as ModelChallenge & { slot: string }).slot = slot;
      this.model.challenges.set(c.id, c);
      await this.debit(u.id, stake);
      this.figures.challenges++;
      this.figures.moneyMovedRupees += forfeit;
      return 'created';
    }
    this.expect(r.status === 400 || r.status === 409, `challenge create answered ${r.status}`);
    this.expect(
      expectation !== 'yes' || !!opts.racing,
      `challenge refused though the model accepts it: ${r.status} ${r.body?.message} (stake ${stake}, balance ${this.model.low(u.id)})`,
    );
    return 'refused';
  }

  async withdraw(u: TestUser, raceWith?: () => Promise<unknown>): Promise<void> {
    const rupees = this.rng.int(100, 700);
    const amount = BigInt(rupees) * 100n;
    const bank = this.rng.chance(0.25);
    const willFail = !bank && this.rng.chance(0.3);
    const body = bank
      ? {
          amount: rupees,
          withdrawalMethod: 'BANK_TRANSFER',
          bankDetails: { accountNumber: '123456789012', ifscCode: 'HDFC0001234', accountHolderName: 'Sim User', bankName: 'HDFC Bank' },
        }
      : { amount: rupees, withdrawalMethod: 'UPI', upiId: `${willFail ? 'fail' : 'ok'}${this.seq++}@okaxis` };
    const expectation = this.model.canWithdraw(u.id, amount);
    const [r] = await Promise.all([this.http('post', '/wallet/withdraw', u, body), raceWith?.()]);
    if (r.status === 201) {
      this.expect(expectation !== 'no' || raceWith !== undefined, `withdrawal accepted beyond the balance (${amount} > ${this.model.high(u.id)})`);
      const id: string = r.body.data.transactionId;
      const fee = bank ? WITHDRAWAL_FEES.BANK_TRANSFER : WITHDRAWAL_FEES.UPI;
      this.model.withdrawals.set(id, { id, userId: u.id, amount, fee, willFail });
      await this.debit(u.id, amount);
      if (willFail) {
        this.model.user(u.id).incoming += amount;
        this.fault('failingPayouts');
      }
      this.figures.withdrawals++;
      this.figures.moneyMovedRupees += rupees;
      if (this.rng.chance(0.5)) {
        // the payout job run again while the worker runs it: a retry after a timeout that followed the side effect
        this.fault('duplicatePayoutRuns', 2);
        const outcomes = await Promise.all([
          this.command<{ status: string; changed: boolean }>(new ProcessPayoutCommand(id)),
          this.command<{ status: string; changed: boolean }>(new ProcessPayoutCommand(id)),
        ]);
        this.expect(outcomes.filter((o) => o.changed).length <= 1, `payout ${id} changed twice`);
        for (const o of outcomes) this.expect(o.status === (willFail ? 'FAILED' : 'SUCCESS'), `payout ${id} ended ${o.status}`);
      }
      return;
    }
    this.expect(r.status === 400, `withdrawal answered ${r.status} ${JSON.stringify(r.body)}`);
    this.expect(
      expectation !== 'yes' || raceWith !== undefined,
      `withdrawal refused though the model accepts it: ${r.body?.message} (${amount} <= ${this.model.low(u.id)})`,
    );
  }

  private async cancel(u: TestUser): Promise<void> {
    const c = [...this.model.challenges.values()].find((x) => x.userId === u.id && x.status === 'PENDING');
    if (!c) return;
    const twice = this.rng.chance(0.25);
    if (twice) this.fault('concurrentCancels');
    const results = await Promise.all((twice ? [1, 2] : [1]).map(() => this.http('delete', `/challenges/${c.id}`, u)));
    const ok = results.filter((r) => r.status === 200).length;
    this.expect(ok === 1, `cancel of ${c.id} succeeded ${ok} times (${results.map((r) => r.status)})`);
    for (const r of results) if (r.status !== 200) this.expect(r.status === 409 || r.status === 400, `second cancel answered ${r.status}`);
    if (ok >= 1) {
      c.status = 'CANCELLED';
      this.model.credit(u.id, c.stake);
    }
  }

  /** A user's turn the evening before: mostly deposits and challenges, some cancels and withdrawals, a few races. */
  private async eveningTurn(u: TestUser): Promise<void> {
    const op = this.rng.weighted([
      ['deposit', 4],
      ['create', 3],
      ['cancel', 1],
      ['withdraw', 2],
      ['race', 1],
    ] as const);
    if (op === 'deposit') return this.deposit(u);
    if (op === 'create') return void (await this.createChallenge(u));
    if (op === 'cancel') return this.cancel(u);
    if (op === 'withdraw') return this.withdraw(u);
    // a withdrawal and a challenge at the same moment, for the same wallet
    this.fault('raceWithdrawVsStake');
    await this.withdraw(u, () => this.createChallenge(u, { racing: true }));
  }

  // ---------- the day ----------

  async run(): Promise<void> {
    const t = this.ctx.t;
    const prev = addDays(this.date, -1);
    this.users = await Promise.all(Array.from({ length: this.userCount }, () => createUser(t)));
    for (const u of this.users) this.model.addUser(u.id);
    this.figures.users += this.users.length;
    this.figures.scenarios = 1;

    this.mark('users');
    // 1. the evening before: rounds of concurrent turns, the clock moving a few seconds per round
    t.clock.set(this.at(prev, '20:00'));
    await Promise.all(this.users.map((u) => this.deposit(u))); // everyone starts with some money
    const rounds = this.rng.int(4, 7);
    for (let round = 0; round < rounds; round++) {
      t.clock.advance(this.rng.int(1, 120) * 1000);
      await Promise.all(
        this.rng.shuffle(this.users).map(async (u) => {
          for (let i = this.rng.int(0, 2); i > 0; i--) await this.eveningTurn(u);
        }),
      );
    }
    // everyone who can, challenges (so the day has many participants)
    t.clock.advance(60_000);
    // (some stay out, to join a second batch after the settlement)
    const latecomers = new Set(
      this.rng
        .shuffle(this.users)
        .slice(0, Math.max(2, Math.floor(this.userCount / 8)))
        .map((u) => u.id),
    );
    await Promise.all(this.users.map((u) => (this.model.activeOn(u.id, this.date) || latecomers.has(u.id) ? undefined : this.createChallenge(u))));

    this.mark('evening');
    // 2. the morning: check-ins on time, late, never; doubles; a late check-in racing the close of missed ones
    type Ev = { at: number; run: () => Promise<void> };
    const events: Ev[] = [];
    const racing: (() => Promise<void>)[] = [];
    for (const c of [...this.model.challenges.values()].filter((x) => x.status === 'PENDING')) {
      const u = this.users.find((x) => x.id === c.userId)!;
      const slot = (c as ModelChallenge & { slot: string }).slot;
      const wake = this.at(this.date, slot).getTime();
      const plan = this.rng.weighted([
        ['onTime', 45],
        ['late', 15],
        ['miss', 20],
        ['race', 8],
        ['double', 6],
        ['early', 6],
      ] as const);
      const checkIn = async (expectOk: boolean | 'either') => {
        const r = await this.http('post', '/challenges/verify', u, { challengeId: c.id, verificationMethod: 'MANUAL' });
        if (r.status === 200) {
          this.expect(
            expectOk === 'either' || r.body.data.isSuccessful === expectOk,
            `check-in of ${c.id} isSuccessful ${r.body.data.isSuccessful}, expected ${expectOk}`,
          );
          if (c.ok !== null) this.problem(`challenge ${c.id} checked in twice`);
          c.ok = r.body.data.isSuccessful;
          c.status = 'CLOSED';
          return true;
        }
        this.expect(r.status === 400, `check-in answered ${r.status} ${r.body?.message}`);
        return false;
      };
      const onTimeAt = wake - 15 * MIN + this.rng.int(0, 25 * 60 + 59) * 1000;
      if (plan === 'onTime') events.push({ at: onTimeAt, run: async () => void (await checkIn(true)) });
      else if (plan === 'late') events.push({ at: wake + 11 * MIN + this.rng.int(0, 3000) * 1000, run: async () => void (await checkIn(false)) });
      else if (plan === 'double') {
        this.fault('doubleCheckIns');
        events.push({
          at: onTimeAt,
          run: async () => {
            const both = await Promise.all([checkIn(true), checkIn(true)]);
            this.expect(both.filter(Boolean).length === 1, `double check-in of ${c.id}: ${both}`);
          },
        });
      } else if (plan === 'early') {
        events.push({
          at: wake - 20 * MIN,
          run: async () => {
            const r = await this.http('post', '/challenges/verify', u, { challengeId: c.id, verificationMethod: 'MANUAL' });
            this.expect(r.status === 400, `early check-in answered ${r.status}`);
          },
        });
        events.push({ at: onTimeAt, run: async () => void (await checkIn(true)) });
      } else if (plan === 'race') {
        this.fault('lateCheckInVsCloseMissed');
        racing.push(async () => {
          if (!(await checkIn(false))) {
            c.ok = false;
            c.status = 'CLOSED';
          }
        });
      }
      // 'miss': nothing; closed by the command at 08:30
    }
    // money keeps moving through the morning
    for (let i = 0; i < Math.ceil(this.userCount / 3); i++) {
      const u = this.rng.pick(this.users);
      const at = this.at(this.date, '03:30').getTime() + this.rng.int(0, 270 * 60) * 1000;
      events.push({ at, run: () => (this.rng.chance(0.5) ? this.deposit(u) : this.withdraw(u)) });
    }
    events.sort((a, b) => a.at - b.at);
    for (let i = 0; i < events.length; ) {
      const at = events[i].at;
      const group: Ev[] = [];
      while (i < events.length && events[i].at === at) group.push(events[i++]);
      t.clock.set(new Date(at));
      await Promise.all(group.map((e) => e.run()));
    }
    t.clock.set(this.at(this.date, '08:30'));
    const [closed] = await Promise.all([this.command<{ closed: number }>(new CloseMissedChallengesCommand(this.date)), ...racing.map((f) => f())]);
    for (const c of this.model.challenges.values()) {
      if (c.status === 'PENDING') {
        c.status = 'CLOSED';
        c.ok = false;
      }
    }
    const again = await this.command<{ closed: number }>(new CloseMissedChallengesCommand(this.date));
    this.expect(again.closed === 0, `close-missed closed ${again.closed} rows a second time`);
    void closed;

    this.mark('morning');
    // 3. settlement at 09:00: two commands in the api and a job on the worker at once, wallets moving meanwhile
    t.clock.set(this.at(this.date, '09:00'));
    await this.settleBatch(true);

    this.mark('settlement');
    // 4. late test challenges of the same date (already closed): a second batch with its own pool
    const late = this.users.filter((u) => !this.model.activeOn(u.id, this.date) && (latecomers.has(u.id) || this.rng.chance(0.3)));
    let created = 0;
    await Promise.all(
      late.map(async (u) => {
        if (this.model.low(u.id) <= 10_000n) await this.deposit(u);
        if ((await this.createChallenge(u, { test: this.rng.chance(0.5) ? 'COMPLETED' : 'FAILED' })) === 'created') created++;
      }),
    );
    if (created > 0) {
      this.fault('secondBatch');
      await this.settleBatch(false);
    }

    this.mark('batch2');
    // 5. every payout ends (the worker's jobs), then the books are checked
    await this.waitFor(
      'every withdrawal ended',
      async () => {
        const ids = [...this.model.withdrawals.keys()];
        if (!ids.length) return true;
        const [r] = await this.ds.query(`SELECT count(*)::int AS n FROM withdrawals WHERE id = ANY($1::uuid[]) AND status = 'PENDING'`, [ids]);
        return r.n === 0;
      },
      45_000,
    );
    for (const w of this.model.withdrawals.values()) this.model.landVoid(w);
    this.mark('payouts');
    await this.check();
    this.mark('check');
    if (process.env.SIM_TRACE) process.stdout.write(`seed ${this.seed}: ${JSON.stringify(this.timings)}\n`);
    if (this.problems.length)
      throw new Error(this.problems.slice(0, 15).join('\n') + (this.problems.length > 15 ? `\n… and ${this.problems.length - 15} more` : ''));
  }

  private async waitFor(what: string, fn: () => Promise<boolean>, ms: number): Promise<void> {
    const end = Date.now() + ms;
    while (!(await fn())) {
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Settles the date's closed challenges: SettleDate twice in the api and once as a worker job, concurrently. */
  private async settleBatch(withTraffic: boolean): Promise<void> {
    const batch = [...this.model.challenges.values()].filter((c) => c.status === 'CLOSED');
    const out = this.model.startBatch(batch);
    this.fault('concurrentSettlements', 2);
    const jobId = settleJobId(this.date);
    const existing = await this.ctx.settlementQueue.getJob(jobId);
    if (existing) await existing.remove().catch(() => undefined);
    const attempt = async () => {
      try {
        await this.command(new SettleDateCommand(this.date));
      } catch (e) {
        const code = (e as { code?: string }).code;
        this.expect(code === 'SETTLEMENT.BUSY', `SettleDate failed: ${(e as Error).message}`);
      }
    };
    const traffic = withTraffic ? this.rng.shuffle(this.users).slice(0, Math.ceil(this.userCount / 4)) : [];
    await Promise.all([
      this.ctx.settlementQueue.add(SettlementJob.SETTLE_DATE, { date: this.date }, { ...SETTLE_JOB_OPTIONS, jobId }),
      attempt(),
      attempt(),
      ...traffic.map((u) => (this.rng.chance(0.5) ? this.deposit(u) : this.withdraw(u))),
    ]);
    await this.waitFor(
      `settlement of ${this.date}`,
      async () => {
        const [r] = await this.ds.query(
          `SELECT (SELECT count(*) FROM challenges WHERE challenge_date = $1 AND status = 'COMPLETED')::int AS open,
                (SELECT count(*) FROM settlement_runs WHERE settlement_date = $1 AND status <> 'SETTLED')::int AS unsettled`,
          [this.date],
        );
        if (r.open > 0 || r.unsettled > 0) return false;
        const job = await this.ctx.settlementQueue.getJob(jobId);
        const state = job ? await job.getState() : 'gone';
        return state === 'gone' || state === 'completed' || state === 'unknown';
      },
      45_000,
    );
    this.model.landBatch(batch, out);
    this.figures.settlementBatches++;
    // and once more, afterwards: pays nothing
    this.fault('settlementReruns');
    const rerun = await this.command<{ linesPaid: number }>(new SettleDateCommand(this.date));
    this.expect(rerun.linesPaid === 0, `a settlement re-run paid ${rerun.linesPaid} lines`);
  }

  // ---------- the books ----------

  private async check(): Promise<void> {
    const ds = this.ds;
    const verification = await this.ctx.t.app.get(QueryBus).execute(new VerifyLedgerQuery());
    this.expect(verification.ok && verification.journalSum === 0n, `ledger verification: ${verification.problems.join('; ')} (sum ${verification.journalSum})`);
    const negative = await ds.query(
      `SELECT account, balance::text FROM account_balances WHERE balance < 0 AND account <> 'world' AND account NOT LIKE 'world:%'`,
    );
    this.expect(negative.length === 0, `accounts below zero: ${JSON.stringify(negative)}`);

    // each payment credited once
    const orders = [...this.model.deposits.values()];
    const dep = await ds.query(
      `SELECT d.order_id, d.status, (SELECT count(*) FROM journal_entries j WHERE j.idempotency_key = 'deposit:' || d.order_id)::int AS entries,
              (SELECT coalesce(sum(p.amount), 0) FROM journal_entries j JOIN postings p ON p.entry_id = j.id
                WHERE j.correlation_type = 'deposit' AND j.correlation_id = d.order_id AND p.account = 'user:' || d.user_id || ':wallet')::text AS credited
         FROM deposits d WHERE d.order_id = ANY($1::text[])`,
      [orders.map((o) => o.orderId)],
    );
    this.expect(dep.length === orders.length, `deposits found ${dep.length} of ${orders.length}`);
    for (const d of dep as { order_id: string; status: string; entries: number; credited: string }[]) {
      const m = this.model.deposits.get(d.order_id)!;
      this.expect(d.entries === (m.credited ? 1 : 0), `deposit ${d.order_id} has ${d.entries} entries`);
      this.expect(d.status === (m.credited ? 'SUCCESS' : 'PENDING'), `deposit ${d.order_id} is ${d.status}`);
      this.expect(BigInt(d.credited) === (m.credited ? m.amount : 0n), `deposit ${d.order_id} credited ${d.credited}, expected ${m.credited ? m.amount : 0n}`);
    }

    // each challenge staked once and settled once
    const ids = [...this.model.challenges.keys()];
    const rows = (await ds.query(
      `SELECT c.id, c.status, c.is_successful, c.winnings_amount::text AS winnings,
              count(*) FILTER (WHERE j.idempotency_key = 'challenge:' || c.id || ':stake')::int AS stake,
              count(*) FILTER (WHERE j.idempotency_key = 'challenge:' || c.id || ':refund')::int AS refund,
              count(*) FILTER (WHERE j.idempotency_key = 'challenge:' || c.id || ':pool')::int AS pool,
              count(*) FILTER (WHERE j.idempotency_key = 'challenge:' || c.id || ':return-stake')::int AS returned,
              count(*) FILTER (WHERE j.idempotency_key = 'challenge:' || c.id || ':winnings')::int AS won,
              count(j.id)::int AS entries
         FROM challenges c LEFT JOIN journal_entries j ON j.correlation_type = 'challenge' AND j.correlation_id = c.id::text
        WHERE c.id = ANY($1::uuid[]) GROUP BY c.id`,
      [ids],
    )) as {
      id: string;
      status: string;
      is_successful: boolean | null;
      winnings: string;
      stake: number;
      refund: number;
      pool: number;
      returned: number;
      won: number;
      entries: number;
    }[];
    const [{ n: allOfDate }] = await ds.query(`SELECT count(*)::int AS n FROM challenges WHERE challenge_date = $1`, [this.date]);
    this.expect(allOfDate === ids.length, `the date has ${allOfDate} challenges, the model ${ids.length}`);
    this.expect(rows.length === ids.length, `challenges found ${rows.length} of ${ids.length}`);
    for (const r of rows) {
      const m = this.model.challenges.get(r.id)!;
      this.expect(r.stake === 1, `challenge ${r.id} staked ${r.stake} times`);
      if (m.status === 'CANCELLED') {
        this.expect(r.status === 'CANCELLED' && r.returned === 1 && r.refund + r.pool + r.won === 0, `cancelled ${r.id}: ${JSON.stringify(r)}`);
        continue;
      }
      this.expect(r.status === 'PROCESSED', `challenge ${r.id} is ${r.status}`);
      this.expect(r.is_successful === m.ok, `challenge ${r.id} is_successful ${r.is_successful}, model ${m.ok}`);
      const settledOnce = m.ok
        ? r.returned === 1 && r.refund === 0 && r.pool === 0 && r.won === (m.winnings! > 0n ? 1 : 0)
        : r.returned === 0 && r.won === 0 && r.refund === (m.refund! > 0n ? 1 : 0) && r.pool === 1;
      this.expect(settledOnce, `challenge ${r.id} not settled exactly once: ${JSON.stringify(r)}`);
      this.expect(BigInt(r.winnings) === (m.winnings ?? 0n), `challenge ${r.id} winnings ${r.winnings}, model ${m.winnings}`);
    }

    // each withdrawal ended once
    const wids = [...this.model.withdrawals.keys()];
    const ws = (await ds.query(
      `SELECT w.id, w.status,
              count(*) FILTER (WHERE j.idempotency_key = 'withdrawal:' || w.id || ':hold')::int AS hold,
              count(*) FILTER (WHERE j.idempotency_key = 'withdrawal:' || w.id || ':paid')::int AS paid,
              count(*) FILTER (WHERE j.idempotency_key = 'withdrawal:' || w.id || ':void')::int AS voided,
              (SELECT coalesce(max(balance), 0) FROM account_balances WHERE account = 'payout:clearing:' || w.id)::text AS clearing
         FROM withdrawals w LEFT JOIN journal_entries j ON j.correlation_type = 'withdrawal' AND j.correlation_id = w.id::text
        WHERE w.id = ANY($1::uuid[]) GROUP BY w.id`,
      [wids],
    )) as { id: string; status: string; hold: number; paid: number; voided: number; clearing: string }[];
    this.expect(ws.length === wids.length, `withdrawals found ${ws.length} of ${wids.length}`);
    let feesPaid = 0n;
    let netPaid = 0n;
    for (const w of ws) {
      const m = this.model.withdrawals.get(w.id)!;
      const want = m.willFail ? 'FAILED' : 'SUCCESS';
      this.expect(
        w.status === want && w.hold === 1 && w.paid === (m.willFail ? 0 : 1) && w.voided === (m.willFail ? 1 : 0) && w.clearing === '0',
        `withdrawal ${w.id} (${want}) ended as ${JSON.stringify(w)}`,
      );
      if (!m.willFail) {
        feesPaid += m.fee;
        netPaid += m.amount - m.fee;
      }
    }

    // every wallet holds what the model says, to the paisa
    const wallets = (await ds.query(`SELECT account, balance::text FROM account_balances WHERE account = ANY($1::text[])`, [
      this.users.map((u) => `user:${u.id}:wallet`),
    ])) as { account: string; balance: string }[];
    const actual = new Map(wallets.map((w) => [w.account, BigInt(w.balance)]));
    let lost = 0n;
    let total = 0n;
    for (const u of this.users) {
      const a = actual.get(`user:${u.id}:wallet`) ?? 0n;
      const e = this.model.final(u.id);
      total += a;
      if (a !== e) {
        lost += a > e ? a - e : e - a;
        this.problem(`wallet of ${u.id}: ${a} paise, the model says ${e}`);
      }
    }
    // through the API too, for a few
    for (const u of this.rng.shuffle(this.users).slice(0, 3)) {
      const r = await this.http('get', '/wallet/balance', u);
      this.expect(
        r.status === 200 && Math.round(r.body.data.balance * 100) === Number(this.model.final(u.id)),
        `GET /wallet/balance of ${u.id}: ${JSON.stringify(r.body)}`,
      );
    }
    const [pool] = await ds.query(`SELECT coalesce(max(balance), 0)::text AS b FROM account_balances WHERE account = $1`, [`pool:${this.date}`]);
    this.expect(pool.b === '0', `pool:${this.date} holds ${pool.b}`);
    const [rev] = await ds.query(
      `SELECT coalesce(sum(p.amount), 0)::text AS r FROM journal_entries j JOIN postings p ON p.entry_id = j.id WHERE j.idempotency_key LIKE $1 AND p.account = 'platform:revenue'`,
      [`pool:${this.date}:revenue:%`],
    );
    this.expect(BigInt(rev.r) === this.model.revenue, `platform revenue of ${this.date}: ${rev.r}, the model ${this.model.revenue}`);
    // conservation: what stayed + revenue + fees + what was paid out = what came in
    const conserved = total + BigInt(rev.r) + feesPaid + netPaid === this.model.deposited;
    this.expect(conserved, `conservation: wallets ${total} + revenue ${rev.r} + fees ${feesPaid} + paid ${netPaid} ≠ deposits ${this.model.deposited}`);
    this.figures.rupeesLost = Number(lost) / 100;
  }
}

export function mergeFigures(into: Figures, f: Figures): void {
  for (const k of [
    'scenarios',
    'users',
    'operations',
    'httpRequests',
    'commands',
    'deposits',
    'challenges',
    'withdrawals',
    'settlementBatches',
    'moneyMovedRupees',
    'rupeesLost',
  ] as const)
    into[k] += f[k];
  for (const [k, v] of Object.entries(f.faultsInjected)) into.faultsInjected[k] = (into.faultsInjected[k] ?? 0) + v;
}
