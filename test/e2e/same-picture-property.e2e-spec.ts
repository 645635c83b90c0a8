import fc from 'fast-check';
import { createHash, randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { FingerprintIndex } from '../../src/modules/challenges/proof/infrastructure/fingerprint-index.js';
import { ProofRepository } from '../../src/modules/challenges/proof/infrastructure/proof.repository.js';
import { isSamePicture, PHOTO_MATCH_MAX_DISTANCE, type PhotoFingerprint } from '../../src/modules/challenges/shared/domain/same-picture.js';
import { PHOTO_CHECK_IN_SQL } from '../../src/modules/challenges/shared/infrastructure/check-in.sql.js';
import { returnedRows } from '../../src/modules/challenges/shared/infrastructure/sql.js';
import { rolledBackTransaction } from '../setup/rolled-back-transaction.js';

/**
 * "The same picture" is written once (domain/same-picture.ts isSamePicture). "Seen before?" (ProofRepository
 * storedMatches: the in-memory dHash index proposes, the rows are read back with the same bytes by the SHA-256 index,
 * isSamePicture decides) must answer what isSamePicture says over every stored row, and the rush's statement
 * (PHOTO_CHECK_IN_SQL) then checks the photo in. On every run, random stored photos and a random new one (its dHash a
 * few bits from a stored one, many of them right at the threshold; sometimes the very same bytes) go through both on
 * the real PostgreSQL, inside savepoints of one transaction that is rolled back: with one repository across the cases
 * (its index holding the rows of earlier cases, rolled back since) and with a new one each time. The seed is random
 * per run and printed on failure; PICTURE_SEED=<seed> replays it.
 */
const SEED = process.env.PICTURE_SEED ? Number(process.env.PICTURE_SEED) : (Date.now() ^ Math.floor(Math.random() * 2 ** 31)) | 0;
const DATE = '2039-06-17'; // no other test file uses it; every row written here is rolled back
const AT = new Date('2039-06-17T00:50:00Z');

interface Case {
  stored: PhotoFingerprint[];
  /** the new photo: a stored one's dHash with `flips` bits flipped (or a fresh hash), its bytes the same or not */
  candidate: PhotoFingerprint;
}

const hash64 = fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n });
const sha = fc.uint8Array({ minLength: 8, maxLength: 8 }).map((b) => createHash('sha256').update(b).digest('hex'));
const stored = fc.array(fc.record({ sha256: sha, dhash: hash64 }), { minLength: 1, maxLength: 4 });
const flips = fc.oneof(
  { arbitrary: fc.integer({ min: PHOTO_MATCH_MAX_DISTANCE - 1, max: PHOTO_MATCH_MAX_DISTANCE + 1 }), weight: 5 }, // at the threshold
  { arbitrary: fc.integer({ min: 0, max: 64 }), weight: 3 },
);
const bits = fc.shuffledSubarray(
  Array.from({ length: 64 }, (_, i) => i),
  { minLength: 64, maxLength: 64 },
);
const oneCase: fc.Arbitrary<Case> = fc
  .record({ stored, near: fc.nat(), flips, bits, sameBytes: fc.boolean(), freshSha: sha, freshHash: hash64, fresh: fc.integer({ min: 0, max: 5 }) })
  .map(({ stored, near, flips, bits, sameBytes, freshSha, freshHash, fresh }) => {
    const base = stored[near % stored.length];
    let dhash = base.dhash;
    for (const b of bits.slice(0, flips)) dhash = BigInt.asIntN(64, dhash ^ (1n << BigInt(b)));
    return { stored, candidate: { sha256: sameBytes && fresh > 0 ? base.sha256 : freshSha, dhash: fresh === 0 ? freshHash : dhash } };
  });

describe('same picture: the production SQL and domain/same-picture.ts cannot disagree', () => {
  const user = randomUUID();
  const { qr, inSavepoint } = rolledBackTransaction('same_picture', async (runner) => {
    await runner.query(`INSERT INTO users (id, email, full_name, is_email_verified) VALUES ($1::uuid, $1::text || '@same-picture.test', 'Picture', true)`, [
      user,
    ]);
  });

  async function storeAll(photos: PhotoFingerprint[]): Promise<void> {
    await qr().query(
      `INSERT INTO photo_fingerprints (id, user_id, challenge_id, source, photo_path, sha256, dhash, created_at)
       SELECT gen_random_uuid(), $1, gen_random_uuid(), 'CHECK_IN', 'challenges/same-picture.jpg', x.sha, x.dhash, $4
         FROM unnest($2::text[], $3::bigint[]) AS x(sha, dhash)`,
      [user, photos.map((p) => p.sha256), photos.map((p) => p.dhash.toString()), AT],
    );
  }

  /** [seen before?, checked in by the rush's statement?] for the case's new photo, its stored photos in place. */
  async function answers(c: Case, repo: ProofRepository): Promise<[boolean, boolean]> {
    return inSavepoint(async () => {
      // only this case's photos: other test files' fingerprints (a black frame's dHash is 0) are deleted in the
      // savepoint, and come back with its rollback (the files run one at a time)
      await qr().query('DELETE FROM photo_fingerprints');
      await storeAll(c.stored);
      const [seen] = await repo.storedMatches([c.candidate], qr().manager);
      if (seen) return [true, false];
      const id = randomUUID();
      await qr().query(
        `INSERT INTO challenges (id, user_id, challenge_date, wake_up_time, stake, status, window_opens_at, window_closes_at, proof)
         VALUES ($1, $2, $3::date, '06:00', 2000, 'PENDING', $4::timestamptz - interval '10 minutes', $4::timestamptz + interval '10 minutes', 'PHOTO')`,
        [id, user, DATE, AT],
      );
      const rows = returnedRows<{ id: string }>(
        await qr().query(PHOTO_CHECK_IN_SQL, [
          [id],
          [user],
          [AT],
          [null],
          [null],
          [`challenges/${id}.jpg`],
          [null],
          [c.candidate.sha256],
          [c.candidate.dhash.toString()],
          [randomUUID()],
        ]),
      );
      return [false, rows.length === 1];
    });
  }

  const repository = (index = new FingerprintIndex()): ProofRepository => Object.assign(new ProofRepository(qr().connection as DataSource), { index });

  const expected = (c: Case): [boolean, boolean] => {
    const same = c.stored.some((s) => isSamePicture(s, c.candidate));
    return [same, !same];
  };

  /** `repo`: one repository for every case, or (none given) a new one for each */
  async function holds(runs: number, repo?: () => ProofRepository): Promise<void> {
    const shared = repository();
    await fc.assert(
      fc.asyncProperty(oneCase, async (c) => {
        expect(await answers(c, repo ? repo() : shared)).toEqual(expected(c));
      }),
      { seed: SEED, numRuns: runs },
    );
  }

  const replay = (e: unknown): Error =>
    new Error(
      `failed with seed ${SEED} (replay: PICTURE_SEED=${SEED} npx jest --runInBand test/e2e/same-picture-property.e2e-spec.ts)\n${(e as Error).message}`,
    );

  it('answers "seen before?" and checks in, for 300 random photos, exactly as isSamePicture says', async () => {
    await holds(200).catch((e: unknown) => Promise.reject(replay(e)));
    await holds(100, () => repository()).catch((e: unknown) => Promise.reject(replay(e)));
  }, 120_000);

  it('would catch an index one bit narrower than the rule, or one that stops reading new rows', async () => {
    const changed: [string, () => ProofRepository][] = [
      ['one bit less', () => repository(new FingerprintIndex(PHOTO_MATCH_MAX_DISTANCE - 1))],
      ['no new rows read', () => Object.assign(repository(), { readNew: async () => undefined })],
    ];
    for (const [what, repo] of changed) {
      const caught = await holds(300, repo).then(
        () => false,
        () => true,
      );
      expect([what, caught]).toEqual([what, true]);
    }
  }, 120_000);

  it('never matches a stored photo deleted since the index read it (the purge)', async () => {
    const index = new FingerprintIndex();
    const repo = repository(index);
    const fp = (name: string, dhash: bigint): PhotoFingerprint => ({ sha256: createHash('sha256').update(name).digest('hex'), dhash });
    const photo = fp('purged', 0x1234_5678_9abc_def0n);
    const again = fp('again', photo.dhash ^ 0b111n);
    expect(
      await inSavepoint(async () => {
        await qr().query('DELETE FROM photo_fingerprints');
        await storeAll([photo]);
        const before = await repo.storedMatches([again], qr().manager);
        // the purge takes the photo; a later photo (another picture) is stored after it
        await qr().query('DELETE FROM photo_fingerprints');
        await storeAll([fp('later', ~photo.dhash)]);
        const after = await repo.storedMatches([again], qr().manager);
        // the index still holds the purged dHash and proposes it: the read-back finds no row
        return [before[0], after[0], index.count, index.near(again.dhash).length];
      }),
    ).toEqual([true, false, 2, 1]);
  });
});
