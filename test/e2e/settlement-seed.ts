import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { getDataSourceToken } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { zonedInstant } from '../../src/common/time.js';
import { StakeForfeitCommand } from '../../src/modules/wallet/commands/stake-forfeit/stake-forfeit.command.js';
// Test-only: the wallet's own writer funds the seeded users (world → wallet), as a deposit would.
import { LedgerService } from '../../src/modules/wallet/infrastructure/ledger.service.js';

/** ok: checked in inside the window (true), after it (false), or never (null: closed as missed by the settlement). */
export interface SeedSpec {
  stake: bigint;
  ok: boolean | null;
  /** minutes after the date's 05:00 at which the challenge was created (ordering for remainder ties) */
  createdMinute?: number;
}

export interface Seeded {
  userId: string;
  email: string;
  challengeId: string;
  stake: bigint;
  ok: boolean | null;
}

async function inParallel<T>(items: T[], width: number, fn: (item: T) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < items.length; i += width) await Promise.all(items.slice(i, i + width).map(fn));
}

/**
 * Seeds one challenge date: users (SQL), their funds (one balanced world → wallets entry per 500 users through the
 * ledger), challenge rows for the date (SQL, in the state the challenges module leaves them) and each stake moved
 * wallet → challenge:{id}:stake with StakeForfeitCommand through the command bus, 50 at a time.
 * Each user's wallet holds exactly 0 after staking, so after settlement it holds exactly the payout.
 */
export async function seedDay(app: INestApplicationContext, date: string, specs: SeedSpec[], role: 'USER' | 'SUPPORT' = 'USER'): Promise<Seeded[]> {
  const ds = app.get<DataSource>(getDataSourceToken());
  const ledger = app.get(LedgerService);
  const bus = app.get(CommandBus);
  const rows: Seeded[] = specs.map((s) => {
    const userId = randomUUID();
    return { userId, email: `${userId}@test.local`, challengeId: randomUUID(), stake: s.stake, ok: s.ok };
  });
  const STEP = 500;
  for (let i = 0; i < rows.length; i += STEP) {
    const part = rows.slice(i, i + STEP);
    await ds.query(
      `INSERT INTO users (id, email, full_name, role, is_email_verified) SELECT u, e, 'Seeded User', $3, true FROM unnest($1::uuid[], $2::text[]) AS x(u, e)`,
      [part.map((r) => r.userId), part.map((r) => r.email), role],
    );
    const total = part.reduce((s, r) => s + r.stake, 0n);
    await ledger.post({
      idempotencyKey: `test-seed:${date}:${part[0].userId}`,
      reason: 'SEED_FUNDING',
      correlation: { type: 'deposit', id: part[0].userId },
      postings: [{ account: 'world', amount: -total }, ...part.map((r) => ({ account: `user:${r.userId}:wallet`, amount: r.stake }))],
    });
    const opens = zonedInstant(date, '05:45', 'Asia/Kolkata');
    const closes = zonedInstant(date, '06:10', 'Asia/Kolkata');
    const base = zonedInstant(date, '05:00', 'Asia/Kolkata').getTime() - 86_400_000;
    await ds.query(
      `INSERT INTO challenges (id, user_id, challenge_date, wake_up_time, stake, status, is_successful, window_opens_at, window_closes_at,
                               check_in_time, verification_method, failure_reason, created_at, closed_at)
       SELECT c, u, $3::date, '06:00', s, CASE WHEN ok IS NULL THEN 'PENDING' ELSE 'COMPLETED' END, ok, $4::timestamptz, $5::timestamptz,
              CASE WHEN ok IS NULL THEN NULL WHEN ok THEN $4::timestamptz + interval '10 minutes' ELSE $5::timestamptz + interval '5 minutes' END,
              CASE WHEN ok IS NULL THEN NULL ELSE 'MANUAL' END,
              CASE WHEN ok IS FALSE THEN 'Checked in after the window closed' END,
              to_timestamp($6::double precision / 1000) + make_interval(mins => m), CASE WHEN ok IS NULL THEN NULL ELSE $5::timestamptz END
         FROM unnest($1::uuid[], $2::uuid[], $7::bigint[], $8::boolean[], $9::int[]) AS x(c, u, s, ok, m)`,
      [
        part.map((r) => r.challengeId),
        part.map((r) => r.userId),
        date,
        opens,
        closes,
        base,
        part.map((r) => String(r.stake)),
        part.map((r) => r.ok),
        part.map((r, j) => specs[i + j].createdMinute ?? i + j),
      ],
    );
  }
  await inParallel(rows, 50, (r) => bus.execute(new StakeForfeitCommand({ userId: r.userId, challengeId: r.challengeId, amount: r.stake })));
  return rows;
}

export const rupees = (r: number): bigint => BigInt(Math.round(r * 100));
