import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { ProofVerdict } from '../../shared/domain/proof-rules.js';
import { isSamePicture, type PhotoFingerprint } from '../../shared/domain/same-picture.js';
import { FingerprintIndex } from './fingerprint-index.js';

export type ReviewerRole = 'SUPPORT' | 'REFEREE' | 'PEER';

export interface FingerprintRow extends PhotoFingerprint {
  id: string;
  userId: string;
  challengeId: string;
  source: 'CHECK_IN' | 'APPEAL';
  photoPath: string;
  createdAt: Date;
}

export interface VerdictRow {
  id: string;
  challengeId: string;
  ownerUserId: string;
  reviewerId: string;
  reviewerRole: ReviewerRole;
  verdict: ProofVerdict;
  note: string | null;
  createdAt: Date;
}

export interface PeerReviewRow {
  challengeId: string;
  challengeDate: string;
  wakeUpTime: string;
  checkInTime: Date;
  photoPath: string;
}

/** One class of advisory lock: the check "seen before?" and the insert of a new fingerprint are one step for everyone. */
const FINGERPRINT_LOCK = 74331;

/**
 * Under the fingerprint lock: the highest sequence number stored, and the rows after $1 (the last one this process
 * holds). Every number up to the highest is committed then: fingerprints are written only under the lock.
 */
const AFTER_SQL = `WITH top AS (SELECT max(seq) AS top FROM photo_fingerprints)
SELECT top.top::text AS top, f.seq::text AS seq, f.dhash::text AS dhash
  FROM top LEFT JOIN photo_fingerprints f ON f.seq > $1::bigint ORDER BY f.seq`;

/** The stored photos that may be the same picture: the dHash candidates ($1) and the same bytes ($2, as char(64) so that its index serves). */
const CANDIDATES_SQL = `SELECT sha256, dhash::text AS dhash FROM photo_fingerprints WHERE seq = ANY($1::bigint[]) OR sha256 = ANY($2::bpchar[])`;

/** photo_fingerprints and proof_verdicts. */
@Injectable()
export class ProofRepository {
  /** the stored dHashes, kept in memory */
  private readonly index = new FingerprintIndex();

  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Serialises "seen before?" + insert across concurrent check-ins (inside the caller's transaction). */
  async lockFingerprints(m: EntityManager): Promise<void> {
    await m.query(`SELECT pg_advisory_xact_lock($1, 0)`, [FINGERPRINT_LOCK]);
  }

  /**
   * Whether any stored photo is the same picture as this one (same-picture.ts). Inside a transaction holding the
   * fingerprint lock it is exact (storedMatches); without, an early answer from what this process already holds, which
   * the locked check repeats before anything is stored.
   */
  async seenBefore(fp: PhotoFingerprint, m?: EntityManager): Promise<boolean> {
    if (m) return (await this.storedMatches([fp], m))[0];
    return (await this.matches([fp], this.ds))[0];
  }

  /**
   * For each photo, whether a stored photo is the same picture (same-picture.ts isSamePicture), exactly: the caller's
   * transaction holds the fingerprint lock, so the rows this process has not read yet are read first.
   */
  async storedMatches(fps: PhotoFingerprint[], m: EntityManager): Promise<boolean[]> {
    await this.readNew(m);
    return this.matches(fps, m);
  }

  private async readNew(m: EntityManager): Promise<void> {
    let rows = (await m.query(AFTER_SQL, [String(this.index.last)])) as { top: string | null; seq: string | null; dhash: string | null }[];
    if (this.index.last > 0 && Number(rows[0]?.top ?? 0) < this.index.last) {
      // the table was emptied and its numbers started again (a restored backup, a test): read it whole
      this.index.clear();
      rows = (await m.query(AFTER_SQL, ['0'])) as typeof rows;
    }
    this.index.add(rows.filter((r) => r.seq !== null).map((r) => ({ seq: Number(r.seq), dhash: BigInt(r.dhash!) })));
  }

  /** The candidates the index proposes and the same bytes, read back and decided by isSamePicture. */
  private async matches(fps: PhotoFingerprint[], m: EntityManager | DataSource): Promise<boolean[]> {
    const near = [...new Set(fps.flatMap((fp) => this.index.near(fp.dhash)))];
    const rows = (await m.query(CANDIDATES_SQL, [near.map(String), fps.map((fp) => fp.sha256)])) as { sha256: string; dhash: string }[];
    const stored = rows.map((r) => ({ sha256: r.sha256, dhash: BigInt(r.dhash) }));
    return fps.map((fp) => stored.some((s) => isSamePicture(s, fp)));
  }

  /** Stores a fingerprint: in the caller's transaction, which holds the fingerprint lock, or in its own under the lock. */
  async insertFingerprint(r: FingerprintRow, m?: EntityManager): Promise<void> {
    if (!m) {
      return this.ds.transaction(async (t) => {
        await this.lockFingerprints(t);
        await this.insertFingerprint(r, t);
      });
    }
    await m.query(
      `INSERT INTO photo_fingerprints (id, user_id, challenge_id, source, photo_path, sha256, dhash, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [r.id, r.userId, r.challengeId, r.source, r.photoPath, r.sha256, r.dhash.toString(), r.createdAt],
    );
  }

  async fingerprintsOf(userId: string): Promise<Omit<FingerprintRow, 'userId'>[]> {
    const rows = (await this.ds.query(
      `SELECT id, challenge_id, source, photo_path, sha256, dhash::text AS dhash, created_at FROM photo_fingerprints WHERE user_id = $1 ORDER BY created_at, id`,
      [userId],
    )) as { id: string; challenge_id: string; source: 'CHECK_IN' | 'APPEAL'; photo_path: string; sha256: string; dhash: string; created_at: Date }[];
    return rows.map((r) => ({
      id: r.id,
      challengeId: r.challenge_id,
      source: r.source,
      photoPath: r.photo_path,
      sha256: r.sha256,
      dhash: BigInt(r.dhash),
      createdAt: r.created_at,
    }));
  }

  /** A reviewer's verdict on a photo; a second one from the same reviewer replaces the first. */
  async upsertVerdict(v: VerdictRow, m: EntityManager | DataSource = this.ds): Promise<void> {
    await m.query(
      `INSERT INTO proof_verdicts (id, challenge_id, owner_user_id, reviewer_id, reviewer_role, verdict, note, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (challenge_id, reviewer_id) DO UPDATE SET verdict = EXCLUDED.verdict, note = EXCLUDED.note, reviewer_role = EXCLUDED.reviewer_role, created_at = EXCLUDED.created_at`,
      [v.id, v.challengeId, v.ownerUserId, v.reviewerId, v.reviewerRole, v.verdict, v.note, v.createdAt],
    );
  }

  async verdictsOf(challengeId: string, m: EntityManager | DataSource = this.ds): Promise<VerdictRow[]> {
    return (await m.query(
      `SELECT id, challenge_id AS "challengeId", owner_user_id AS "ownerUserId", reviewer_id AS "reviewerId", reviewer_role AS "reviewerRole", verdict, note, created_at AS "createdAt"
         FROM proof_verdicts WHERE challenge_id = $1 ORDER BY created_at, id`,
      [challengeId],
    )) as VerdictRow[];
  }

  /**
   * The next photo waiting for review that `reviewerId` may see: not theirs, not answered by them, and from a pool in
   * which they have no challenge (same date, same proof, real or test): a rejection raises the pool's other shares,
   * so nobody with a stake in it reviews it. Flagged photos (a near-blank frame) first, then the oldest check-in.
   * `challengeId`: only that one (to check a POST).
   */
  async nextForPeer(reviewerId: string, challengeId: string | null = null, passed: readonly string[] = []): Promise<PeerReviewRow | null> {
    const rows = (await this.ds.query(
      `SELECT c.id, c.wake_up_time, c.check_in_time, c.photo_path, to_char(c.challenge_date, 'YYYY-MM-DD') AS challenge_date
         FROM challenges c
        WHERE c.proof_status = 'PENDING_REVIEW' AND c.status = 'COMPLETED' AND c.photo_path IS NOT NULL AND c.user_id <> $1
          AND ($2::uuid IS NULL OR c.id = $2::uuid) AND NOT (c.id = ANY($3::uuid[]))
          AND NOT EXISTS (SELECT 1 FROM proof_verdicts v WHERE v.challenge_id = c.id AND v.reviewer_id = $1)
          AND NOT EXISTS (SELECT 1 FROM challenges r WHERE r.user_id = $1 AND r.challenge_date = c.challenge_date AND r.proof = c.proof
                             AND r.is_test = c.is_test AND r.status <> 'CANCELLED')
        ORDER BY (c.proof_flag IS NULL), c.check_in_time, c.id
        LIMIT 1`,
      [reviewerId, challengeId, passed],
    )) as { id: string; wake_up_time: string; check_in_time: Date; photo_path: string; challenge_date: string }[];
    const r = rows[0];
    return r ? { challengeId: r.id, challengeDate: r.challenge_date, wakeUpTime: r.wake_up_time, checkInTime: r.check_in_time, photoPath: r.photo_path } : null;
  }

  /** For the data export: verdicts on the user's photos (reviewers anonymous) and the ones the user gave. */
  async verdictsForExport(userId: string): Promise<{ onMyPhotos: Record<string, unknown>[]; given: Record<string, unknown>[] }> {
    const onMyPhotos = (await this.ds.query(
      `SELECT challenge_id AS "challengeId", reviewer_role AS "reviewerRole", verdict, note, created_at AS "createdAt" FROM proof_verdicts WHERE owner_user_id = $1 ORDER BY created_at, id`,
      [userId],
    )) as Record<string, unknown>[];
    const given = (await this.ds.query(
      `SELECT challenge_id AS "challengeId", reviewer_role AS "reviewerRole", verdict, note, created_at AS "createdAt" FROM proof_verdicts WHERE reviewer_id = $1 ORDER BY created_at, id`,
      [userId],
    )) as Record<string, unknown>[];
    return { onMyPhotos, given };
  }

  /** The photo purge rule: fingerprints and verdicts of the mornings whose photos are purged go with them. */
  async purgeForDates(from: string, to: string): Promise<void> {
    await this.ds.query(
      `DELETE FROM photo_fingerprints f USING challenges c WHERE c.id = f.challenge_id AND c.challenge_date >= $1::date AND c.challenge_date < $2::date`,
      [from, to],
    );
    await this.ds.query(
      `DELETE FROM proof_verdicts v USING challenges c WHERE c.id = v.challenge_id AND c.challenge_date >= $1::date AND c.challenge_date < $2::date`,
      [from, to],
    );
  }
}
