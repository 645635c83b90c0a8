import fc from 'fast-check';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { windowPhase } from '../../src/modules/challenges/shared/domain/challenge-rules.js';
import { checkInFailure, isOnTime, LATE_CHECK_IN, onTimeSql } from '../../src/modules/challenges/shared/domain/check-in-rule.js';
import { MANUAL_CHECK_IN_SQL, PHOTO_CHECK_IN_SQL, PROOF_VERDICT_SQL } from '../../src/modules/challenges/shared/infrastructure/challenge.repository.js';
import { returnedRows } from '../../src/modules/challenges/shared/infrastructure/sql.js';
import { rolledBackTransaction } from '../setup/rolled-back-transaction.js';

/**
 * The check-in "on time" rule is written once (domain/check-in-rule.ts isOnTime / checkInFailure) and its SQL forms are
 * generated from it: the manual check-in's batch UPDATE (MANUAL_CHECK_IN_SQL) and the proof verdict that lifts a
 * rejection (PROOF_VERDICT_SQL). On every run, random check-in instants (many of them a millisecond either side of the
 * close, and some before the window opens) go through those production statements on the real PostgreSQL, inside
 * savepoints of one transaction that is rolled back, and each stored outcome must be what the TypeScript rule says.
 * The seed is random per run and printed on failure; CHECKIN_SEED=<seed> replays it.
 */
const SEED = process.env.CHECKIN_SEED ? Number(process.env.CHECKIN_SEED) : (Date.now() ^ Math.floor(Math.random() * 2 ** 31)) | 0;
const DATE = '2039-05-11'; // no other test file uses it; every row written here is rolled back
const BASE = Date.parse('2039-05-11T00:40:00Z');
const WINDOW_MS = 26 * 60_000;
const USERS = 12;

interface Case {
  /** the window's close, ms from BASE (the window opens WINDOW_MS earlier) */
  closes: number;
  /** the check-in, ms from the close: below 0 on time, 0 or more late, below -WINDOW_MS before the window */
  offset: number;
}

const offset = fc.oneof(
  { arbitrary: fc.integer({ min: -2, max: 2 }), weight: 4 }, // a millisecond either side of the close, and the close itself
  { arbitrary: fc.integer({ min: -WINDOW_MS - 2, max: -WINDOW_MS + 2 }), weight: 1 }, // around the opening
  { arbitrary: fc.integer({ min: -WINDOW_MS - 60_000, max: 90 * 60_000 }), weight: 5 }, // anywhere from before the window to long after
);
const oneCase: fc.Arbitrary<Case> = fc.record({ closes: fc.integer({ min: -3_600_000, max: 3_600_000 }), offset });
const batch = fc.array(oneCase, { minLength: 1, maxLength: USERS });

describe('check-in rule: the production SQL and domain/check-in-rule.ts cannot disagree', () => {
  const users = Array.from({ length: USERS }, () => randomUUID());
  const { qr, inSavepoint } = rolledBackTransaction('check_in', async (runner) => {
    await runner.query(
      `INSERT INTO users (id, email, full_name, is_email_verified) SELECT u, u::text || '@check-in-rule.test', 'Rule', true FROM unnest($1::uuid[]) AS u`,
      [users],
    );
  });

  const closesAt = (c: Case) => new Date(BASE + c.closes);
  const opensAt = (c: Case) => new Date(BASE + c.closes - WINDOW_MS);
  const at = (c: Case) => new Date(BASE + c.closes + c.offset);

  /** One PENDING (or, for a verdict, a COMPLETED photo) challenge per case, each its own user's, with proof `proof`. */
  async function insert(cases: Case[], photo: boolean, proof: 'NONE' | 'PHOTO' = 'NONE'): Promise<string[]> {
    const ids = cases.map(() => randomUUID());
    await qr().query(
      `INSERT INTO challenges (id, user_id, challenge_date, wake_up_time, stake, status, is_successful, window_opens_at, window_closes_at,
                               check_in_time, verification_method, failure_reason, proof, proof_status)
       SELECT x.id, x.user_id, $3::date, '06:00', 2000, ${photo ? `'COMPLETED', false` : `'PENDING', NULL`}, x.opens, x.closes,
              ${photo ? `x.at, 'PHOTO', 'Rejected by support'` : 'NULL, NULL, NULL'}, ${photo ? `'PHOTO', 'REJECTED'` : `'${proof}', NULL`}
         FROM unnest($1::uuid[], $2::uuid[], $4::timestamptz[], $5::timestamptz[], $6::timestamptz[]) AS x(id, user_id, opens, closes, at)`,
      [ids, cases.map((_, i) => users[i]), DATE, cases.map(opensAt), cases.map(closesAt), cases.map(at)],
    );
    return ids;
  }

  /**
   * The batch check-in of these cases through `sql` (the manual one, or with `proof` PHOTO the photo one): each row's
   * stored outcome, or null when the UPDATE refused it.
   */
  async function checkIn(cases: Case[], sql: string, proof: 'NONE' | 'PHOTO' = 'NONE'): Promise<({ ok: boolean; reason: string | null } | null)[]> {
    return inSavepoint(async () => {
      const ids = await insert(cases, false, proof);
      // a photo check-in's photo path, flag, SHA-256, dHash (random: no stored photo is within the distance) and fingerprint id
      const photos =
        proof === 'PHOTO'
          ? [
              ids.map((id) => `challenges/${id}.jpg`),
              cases.map(() => null),
              ids.map((id) => createHash('sha256').update(id).digest('hex')),
              ids.map(() => BigInt.asIntN(64, randomBytes(8).readBigUInt64BE()).toString()),
              ids.map(() => randomUUID()),
            ]
          : [];
      const rows = returnedRows<{ id: string; is_successful: boolean; failure_reason: string | null }>(
        await qr().query(sql, [ids, cases.map((_, i) => users[i]), cases.map(at), cases.map(() => null), cases.map(() => null), ...photos]),
      );
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => {
        const r = byId.get(id);
        return r ? { ok: r.is_successful, reason: r.failure_reason } : null;
      });
    });
  }

  /** What the TypeScript rule makes of each case: refused before the window opens, else on time or late with its reason. */
  const expected = (cases: Case[]) =>
    cases.map((c) =>
      windowPhase({ opensAt: opensAt(c), closesAt: closesAt(c) }, at(c)) === 'BEFORE'
        ? null
        : { ok: isOnTime(at(c), closesAt(c)), reason: checkInFailure(at(c), closesAt(c)) },
    );

  async function property<T extends unknown[]>(name: string, runs: number, prop: fc.IAsyncProperty<T>): Promise<void> {
    try {
      await fc.assert(prop, { seed: SEED, numRuns: runs });
    } catch (e) {
      throw new Error(
        `${name} failed with seed ${SEED} (replay: CHECKIN_SEED=${SEED} npx jest --runInBand test/e2e/check-in-rule-property.e2e-spec.ts)\n${(e as Error).message}`,
      );
    }
  }

  it('stores, for 150 random batches of manual check-ins, exactly what isOnTime and checkInFailure say', async () => {
    await property(
      'manual check-in',
      150,
      fc.asyncProperty(batch, async (cases) => {
        expect(await checkIn(cases, MANUAL_CHECK_IN_SQL)).toEqual(expected(cases));
      }),
    );
  }, 120_000);

  it('stores, for 150 random batches of photo-proof check-ins, exactly what isOnTime and checkInFailure say', async () => {
    await property(
      'photo check-in',
      150,
      fc.asyncProperty(batch, async (cases) => {
        expect(await checkIn(cases, PHOTO_CHECK_IN_SQL, 'PHOTO')).toEqual(expected(cases));
      }),
    );
  }, 120_000);

  it('gives a morning whose photo rejection is lifted exactly what the rule made of its check-in, for 150 random batches', async () => {
    const checkedIn = batch.map((cases) => cases.map((c) => ({ ...c, offset: Math.max(c.offset, -WINDOW_MS) }))); // a check-in is never before the window
    await property(
      'lifted rejection',
      150,
      fc.asyncProperty(checkedIn, async (cases) => {
        const stored = await inSavepoint(async () => {
          const ids = await insert(cases, true);
          for (const id of ids) await qr().query(PROOF_VERDICT_SQL, [id, 'ACCEPTED', null]);
          const rows = (await qr().query(`SELECT id, is_successful, failure_reason, proof_status FROM challenges WHERE id = ANY($1::uuid[])`, [ids])) as {
            id: string;
            is_successful: boolean;
            failure_reason: string | null;
            proof_status: string;
          }[];
          const byId = new Map(rows.map((r) => [r.id, r]));
          return ids.map((id) => [byId.get(id)!.is_successful, byId.get(id)!.failure_reason, byId.get(id)!.proof_status]);
        });
        expect(stored).toEqual(cases.map((c) => [isOnTime(at(c), closesAt(c)), checkInFailure(at(c), closesAt(c)), 'ACCEPTED']));
      }),
    );
  }, 120_000);

  it('would catch the rule changed in the SQL only (the close counted as on time, another late reason)', async () => {
    const changed: [string, string][] = [
      ['the close on time', MANUAL_CHECK_IN_SQL.split(onTimeSql('x.at', 'c.window_closes_at')).join('(x.at <= c.window_closes_at)')],
      ['the late reason', MANUAL_CHECK_IN_SQL.replace(`'${LATE_CHECK_IN}'`, `'Late'`)],
    ];
    for (const [what, sql] of changed) {
      expect(sql).not.toBe(MANUAL_CHECK_IN_SQL);
      let caught = false;
      try {
        await fc.assert(
          fc.asyncProperty(batch, async (cases) => {
            expect(await checkIn(cases, sql)).toEqual(expected(cases));
          }),
          { seed: SEED, numRuns: 150 },
        );
      } catch {
        caught = true;
      }
      expect([what, caught]).toEqual([what, true]);
    }
  }, 120_000);
});
