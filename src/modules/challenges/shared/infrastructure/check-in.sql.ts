import { lateReasonSql, onTimeSql } from '../domain/check-in-rule.js';

export interface ManualCheckIn {
  id: string;
  userId: string;
  at: Date;
  location: string | null;
  notes: string | null;
}

/**
 * The manual check-ins of one tick as one guarded UPDATE (own, PENDING, window opened, no photo proof); on time and the
 * late reason by the check-in rule (domain/check-in-rule.ts). $1..$5: ids, user ids, instants, locations, notes.
 */
export const MANUAL_CHECK_IN_SQL = `UPDATE challenges c
          SET status = 'COMPLETED', is_successful = ${onTimeSql('x.at', 'c.window_closes_at')}, check_in_time = x.at, closed_at = x.at,
              verification_method = 'MANUAL', check_in_location = x.location, notes = x.notes, photo_path = NULL,
              failure_reason = ${lateReasonSql('x.at', 'c.window_closes_at')}
         FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[], $4::text[], $5::text[]) AS x(id, user_id, at, location, notes)
        WHERE c.id = x.id AND c.user_id = x.user_id AND c.status = 'PENDING' AND c.window_opens_at <= x.at AND c.proof = 'NONE'
        RETURNING c.*`;

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
