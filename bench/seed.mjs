// Fast, ledger-consistent seeding for the benchmarks: users by SQL, money through the wallet's own batch writer
// (LedgerService.postMany: exact hash chains and projections), challenge rows by SQL in the state the challenges
// module leaves them, stakes as the entries StakeForfeitCommand posts (same key, reason, postings, metadata).
import { randomUUID } from 'node:crypto';
import { dist } from './lib.mjs';

/**
 * specs: [{ stake: bigint paise, ok: true|false|null, proof?: 'NONE'|'PHOTO' }]. status: 'COMPLETED' (checked in /
 * closed) or 'PENDING' with the window given by opens/closes. Answers [{ userId, challengeId, stake, ok, proof }].
 */
export async function seedChallenges(app, { date, specs, opens, closes, wakeUpTime = '06:00', step = 5000, log = () => {} }) {
  const { LedgerService } = await dist('modules/wallet/infrastructure/ledger.service.js');
  const { DataSource } = await import('typeorm');
  const ledger = app.get(LedgerService);
  const { uuid7 } = await dist('common/uuid.js');
  const ds = app.get(DataSource);
  // user ids random (as the users table makes them), challenge ids time-ordered (as ChallengesService makes them)
  const rows = specs.map((s) => ({ userId: randomUUID(), challengeId: uuid7(), stake: s.stake, ok: s.ok, proof: s.proof ?? 'NONE' }));
  for (let i = 0; i < rows.length; i += step) {
    const part = rows.slice(i, i + step);
    await ds.query(
      `INSERT INTO users (id, email, full_name, role, is_email_verified) SELECT u, u::text || '@bench.local', 'Bench User', 'USER', true FROM unnest($1::uuid[]) AS x(u)`,
      [part.map((r) => r.userId)],
    );
    // funding: one balanced deposit-shaped entry per 20 wallets (world shard → wallets)
    const funding = [];
    for (let j = 0; j < part.length; j += 20) {
      const f = part.slice(j, j + 20);
      const total = f.reduce((s, r) => s + r.stake, 0n);
      funding.push({
        idempotencyKey: `bench-seed:${f[0].userId}`,
        reason: 'SEED_FUNDING',
        correlation: { type: 'deposit', id: f[0].userId },
        postings: [{ account: `world:${(i / step + j) % 16}`, amount: -total }, ...f.map((r) => ({ account: `user:${r.userId}:wallet`, amount: r.stake }))],
      });
    }
    await ledger.postMany(funding);
    await ds.query(
      `INSERT INTO challenges (id, user_id, challenge_date, wake_up_time, stake, status, is_successful, window_opens_at, window_closes_at,
                               check_in_time, verification_method, failure_reason, created_at, closed_at, proof)
       SELECT c, u, $3::date, $6, s, CASE WHEN ok IS NULL THEN 'PENDING' ELSE 'COMPLETED' END, ok, $4::timestamptz, $5::timestamptz,
              CASE WHEN ok THEN $4::timestamptz + interval '10 minutes' END,
              CASE WHEN ok THEN 'MANUAL' END,
              CASE WHEN ok IS FALSE THEN 'Missed check-in window' END,
              $4::timestamptz - interval '1 day' + make_interval(secs => n), CASE WHEN ok IS NULL THEN NULL ELSE $5::timestamptz END, p
         FROM unnest($1::uuid[], $2::uuid[], $7::bigint[], $8::boolean[], $9::int[], $10::text[]) AS x(c, u, s, ok, n, p)`,
      [
        part.map((r) => r.challengeId),
        part.map((r) => r.userId),
        date,
        opens,
        closes,
        wakeUpTime,
        part.map((r) => String(r.stake)),
        part.map((r) => r.ok),
        part.map((_, j) => i + j),
        part.map((r) => r.proof),
      ],
    );
    // the stakes: what StakeForfeitCommand posts, in batches
    await ledger.postMany(
      part.map((r) => ({
        idempotencyKey: `challenge:${r.challengeId}:stake`,
        reason: 'CHALLENGE_STAKE',
        correlation: { type: 'challenge', id: r.challengeId },
        postings: [
          { account: `user:${r.userId}:wallet`, amount: -r.stake },
          { account: `challenge:${r.challengeId}:stake`, amount: r.stake },
        ],
        metadata: { userId: r.userId, challengeId: r.challengeId },
      })),
    );
    log(`seeded ${Math.min(i + step, rows.length)} / ${rows.length}`);
  }
  return rows;
}

/** A deterministic pseudo-random generator (mulberry32), so runs seed the same mix. */
export function rng(seed = 42) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
