/**
 * The simulation's model of the money rules, written independently of the app's code (paise, bigint):
 * what every wallet should hold after deposits, stakes, cancels, settlement and withdrawals.
 * A user's balance is known as a range while money may still arrive (a failing payout's void, a settlement
 * in flight): `held` is certain, `incoming` may or may not have landed yet.
 */
export const REFUND_PERCENT = 85n;
export const MIN_BALANCE_FOR_CHALLENGE = 5_000n; // strictly above ₹50
export const WITHDRAWAL_FEES = { UPI: 200n, BANK_TRANSFER: 500n } as const;

export interface ModelUser {
  id: string;
  held: bigint;
  incoming: bigint;
}

export interface ModelChallenge {
  id: string;
  userId: string;
  date: string;
  stake: bigint;
  createdAt: Date;
  status: 'PENDING' | 'CANCELLED' | 'CLOSED' | 'SETTLED';
  /** true on time, false late or missed; null while pending */
  ok: boolean | null;
  isTest: boolean;
  /** what settlement pays into the wallet (refund, or stake + winnings) */
  payout?: bigint;
  /** the payout has been seen in the wallet (challenge PROCESSED) */
  landed?: boolean;
  winnings?: bigint;
  refund?: bigint;
}

export interface ModelWithdrawal {
  id: string;
  userId: string;
  amount: bigint;
  fee: bigint;
  willFail: boolean;
  /** a failing payout's void has been seen (withdrawal FAILED) */
  landed?: boolean;
}

export interface ModelDeposit {
  orderId: string;
  userId: string;
  amount: bigint;
  credited: boolean;
}

export interface BatchOutcome {
  pool: bigint;
  revenue: bigint;
  payouts: Map<string, bigint>;
}

export class MoneyModel {
  readonly users = new Map<string, ModelUser>();
  readonly challenges = new Map<string, ModelChallenge>();
  readonly withdrawals = new Map<string, ModelWithdrawal>();
  readonly deposits = new Map<string, ModelDeposit>();
  revenue = 0n;
  deposited = 0n;

  addUser(id: string): ModelUser {
    const u = { id, held: 0n, incoming: 0n };
    this.users.set(id, u);
    return u;
  }

  user(id: string): ModelUser {
    const u = this.users.get(id);
    if (!u) throw new Error(`model: unknown user ${id}`);
    return u;
  }

  low(id: string): bigint {
    return this.user(id).held;
  }
  high(id: string): bigint {
    const u = this.user(id);
    return u.held + u.incoming;
  }

  /** What the wallet must hold once everything in flight has landed. */
  final(id: string): bigint {
    return this.high(id);
  }

  credit(id: string, paise: bigint): void {
    this.user(id).held += paise;
  }
  debit(id: string, paise: bigint): void {
    const u = this.user(id);
    if (u.held < paise) throw new Error(`model: ${id} would go below zero (${u.held} - ${paise})`);
    u.held -= paise;
  }

  activeOn(userId: string, date: string): ModelChallenge | undefined {
    for (const c of this.challenges.values()) if (c.userId === userId && c.date === date && c.status !== 'CANCELLED') return c;
    return undefined;
  }

  /** 'yes' must be accepted, 'no' must be refused, 'maybe' depends on money still in flight. */
  canStake(userId: string, stake: bigint, date: string): 'yes' | 'no' | 'maybe' {
    if (this.activeOn(userId, date)) return 'no';
    const ok = (b: bigint) => b > MIN_BALANCE_FOR_CHALLENGE && stake <= b;
    const lo = ok(this.low(userId));
    const hi = ok(this.high(userId));
    return lo ? 'yes' : hi ? 'maybe' : 'no';
  }

  canWithdraw(userId: string, amount: bigint): 'yes' | 'no' | 'maybe' {
    if (amount <= this.low(userId)) return 'yes';
    if (amount > this.high(userId)) return 'no';
    return 'maybe';
  }

  /** The day's split of one batch: failed → floor(85 %) back, the rest to the pool; winners share the pool pro rata. */
  static split(batch: readonly ModelChallenge[]): BatchOutcome {
    const payouts = new Map<string, bigint>();
    let pool = 0n;
    let winnerStakes = 0n;
    for (const c of batch) {
      if (c.ok === null) throw new Error(`model: challenge ${c.id} settled while open`);
      if (!c.ok) {
        const refund = (c.stake * REFUND_PERCENT) / 100n;
        pool += c.stake - refund;
        c.refund = refund;
        c.winnings = 0n;
        payouts.set(c.id, refund);
      } else {
        winnerStakes += c.stake;
      }
    }
    const winners = batch.filter((c) => c.ok);
    if (winners.length === 0) {
      return { pool, revenue: pool, payouts };
    }
    let given = 0n;
    const shares = winners.map((c) => {
      const share = (pool * c.stake) / winnerStakes;
      given += share;
      return { c, share, frac: (pool * c.stake) % winnerStakes };
    });
    // the remaining paise, one each, to the largest fractional remainders; ties: earliest created, then smaller id
    shares.sort((a, b) =>
      a.frac !== b.frac
        ? a.frac > b.frac
          ? -1
          : 1
        : a.c.createdAt.getTime() !== b.c.createdAt.getTime()
          ? a.c.createdAt.getTime() - b.c.createdAt.getTime()
          : a.c.id < b.c.id
            ? -1
            : 1,
    );
    let left = pool - given;
    for (const s of shares) {
      if (left === 0n) break;
      s.share += 1n;
      left -= 1n;
    }
    for (const s of shares) {
      s.c.winnings = s.share;
      s.c.refund = 0n;
      payouts.set(s.c.id, s.c.stake + s.share);
    }
    return { pool, revenue: 0n, payouts };
  }

  /** Marks a batch as being settled: its payouts are in flight until landBatch(). */
  startBatch(batch: ModelChallenge[]): BatchOutcome {
    const out = MoneyModel.split(batch);
    for (const c of batch) {
      c.payout = out.payouts.get(c.id)!;
      this.user(c.userId).incoming += c.payout;
    }
    return out;
  }

  landChallenge(c: ModelChallenge): void {
    if (c.landed || c.payout === undefined) return;
    const u = this.user(c.userId);
    u.incoming -= c.payout;
    u.held += c.payout;
    c.landed = true;
    c.status = 'SETTLED';
  }

  landVoid(w: ModelWithdrawal): void {
    if (!w.willFail || w.landed) return;
    const u = this.user(w.userId);
    u.incoming -= w.amount;
    u.held += w.amount;
    w.landed = true;
  }

  landBatch(batch: ModelChallenge[], out: BatchOutcome): void {
    for (const c of batch) this.landChallenge(c);
    this.revenue += out.revenue;
  }
}
