import { lateReasonSql, onTimeSql } from '../domain/check-in-rule.js';

export interface ManualCheckIn {
  id: string;
  userId: string;
  at: Date;
  location: string | null;
  notes: string | null;
}

/** A photo-proof check-in of the rush (PHOTO_CHECK_IN_SQL): the photo already stored, its fingerprints read. */
export interface PhotoCheckIn extends ManualCheckIn {
  photoPath: string;
  /** the automatic proof flag (proof-rules.ts proofFlagOf), or null */
  flag: string | null;
  sha256: string;
  dhash: bigint;
  /** the id its photo_fingerprints row gets */
  fingerprintId: string;
}

/** What a check-in of the rush sets, whatever its proof: on time and the late reason by the check-in rule. */
const CHECKED_IN = `status = 'COMPLETED', is_successful = ${onTimeSql('x.at', 'c.window_closes_at')}, check_in_time = x.at, closed_at = x.at,
              check_in_location = x.location, notes = x.notes, failure_reason = ${lateReasonSql('x.at', 'c.window_closes_at')}`;

/**
 * The manual check-ins of one tick as one guarded UPDATE (own, PENDING, window opened, no photo proof); on time and the
 * late reason by the check-in rule (domain/check-in-rule.ts). $1..$5: ids, user ids, instants, locations, notes.
 */
export const MANUAL_CHECK_IN_SQL = `UPDATE challenges c
          SET ${CHECKED_IN}, verification_method = 'MANUAL', photo_path = NULL
         FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[], $4::text[], $5::text[]) AS x(id, user_id, at, location, notes)
        WHERE c.id = x.id AND c.user_id = x.user_id AND c.status = 'PENDING' AND c.window_opens_at <= x.at AND c.proof = 'NONE'
        RETURNING c.*`;

/**
 * The photo-proof check-ins of one batch in one statement, run under the fingerprint lock taken by an earlier statement
 * of the same transaction, for photos that no stored photo matches (ProofRepository.storedMatches decided it under the
 * same lock): a guarded UPDATE (own, PENDING, window opened, proof PHOTO; waiting for review with their photo) and their
 * fingerprints stored. As MANUAL_CHECK_IN_SQL, plus $6 photo paths, $7 proof flags, $8 SHA-256s, $9 dHashes, $10
 * fingerprint ids.
 */
export const PHOTO_CHECK_IN_SQL = `WITH x AS (
  SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::bigint[], $10::uuid[])
    AS x(id, user_id, at, location, notes, photo_path, flag, sha256, dhash, fingerprint_id)
), checked AS (
  UPDATE challenges c
     SET ${CHECKED_IN}, verification_method = 'PHOTO', photo_path = x.photo_path, proof_status = 'PENDING_REVIEW', proof_flag = x.flag
    FROM x
   WHERE c.id = x.id AND c.user_id = x.user_id AND c.status = 'PENDING' AND c.window_opens_at <= x.at AND c.proof = 'PHOTO'
  RETURNING c.*
), stored AS (
  INSERT INTO photo_fingerprints (id, user_id, challenge_id, source, photo_path, sha256, dhash, created_at)
  SELECT x.fingerprint_id, x.user_id, x.id, 'CHECK_IN', x.photo_path, x.sha256, x.dhash, x.at FROM x JOIN checked ON checked.id = x.id
)
SELECT * FROM checked`;

/**
 * A photo proof's verdict on its COMPLETED row: a rejection fails the morning with its reason; lifting a rejection
 * gives the morning back what the check-in rule made of it. $1 id, $2 the proof status, $3 the rejection's reason.
 */
export const PROOF_VERDICT_SQL = `UPDATE challenges
            SET proof_status = $2::varchar,
                is_successful = CASE WHEN $2::varchar = 'REJECTED' THEN false WHEN proof_status = 'REJECTED' THEN ${onTimeSql('check_in_time', 'window_closes_at')} ELSE is_successful END,
                failure_reason = CASE WHEN $2::varchar = 'REJECTED' THEN $3::varchar
                                      WHEN proof_status = 'REJECTED' THEN ${lateReasonSql('check_in_time', 'window_closes_at')}
                                      ELSE failure_reason END
          WHERE id = $1 AND status = 'COMPLETED' RETURNING id`;
