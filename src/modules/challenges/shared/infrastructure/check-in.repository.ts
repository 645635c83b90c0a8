import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { preparedQuery } from '../../../../common/prepared-query.js';
import { MANUAL_CHECK_IN_SQL, PHOTO_CHECK_IN_SQL, type ManualCheckIn, type PhotoCheckIn } from './check-in.sql.js';
import { affectedIds } from './sql.js';

/**
 * The check-in writes on challenges (the rush's batched UPDATEs and the full path's), and the one read the photo rush
 * needs before it stores anything: which proof a challenge asks for. The rows they answer are hydrated by
 * ChallengeRepository.
 */
@Injectable()
export class CheckInRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /**
   * The proof level of each (challenge, its owner), null when there is no such challenge of that user: one statement for
   * the photo check-ins of a tick. Proof is fixed at creation, so the answer cannot go stale before the guarded UPDATE.
   */
  async proofsOf(items: { id: string; userId: string }[]): Promise<(string | null)[]> {
    const rows = (await preparedQuery(
      this.ds,
      'challenge_proofs_v1',
      `SELECT x.i::int AS i, c.proof FROM unnest($1::uuid[], $2::uuid[]) WITH ORDINALITY AS x(id, user_id, i)
         JOIN challenges c ON c.id = x.id AND c.user_id = x.user_id`,
      [items.map((c) => c.id), items.map((c) => c.userId)],
    )) as { i: number; proof: string }[];
    const byIndex = new Map(rows.map((r) => [r.i - 1, r.proof]));
    return items.map((_, i) => byIndex.get(i) ?? null);
  }

  /**
   * The guarded UPDATE of manual check-ins (MANUAL_CHECK_IN_SQL). Answers each updated row, or null when it did not
   * match (the caller then takes the full path for the precise error). A challenge asked twice in one batch is updated
   * by its first ask; the second answers null (the full path then finds it checked in).
   */
  async checkInManual(items: ManualCheckIn[], on: DataSource | EntityManager = this.ds): Promise<(Record<string, unknown> | null)[]> {
    return this.checkInBatch(items, 'challenge_check_in_v3', MANUAL_CHECK_IN_SQL, [], on);
  }

  /**
   * Photo-proof check-ins (PHOTO_CHECK_IN_SQL), in the caller's transaction, which holds the fingerprint lock: each
   * updated row, or null when it did not match or its photo matches a stored one (the caller then takes the full path).
   */
  async checkInWithPhoto(items: PhotoCheckIn[], m: EntityManager): Promise<(Record<string, unknown> | null)[]> {
    return this.checkInBatch(
      items,
      'challenge_photo_check_in_v3',
      PHOTO_CHECK_IN_SQL,
      [(c) => c.photoPath, (c) => c.flag, (c) => c.sha256, (c) => c.dhash.toString(), (c) => c.fingerprintId],
      m,
    );
  }

  private async checkInBatch<T extends ManualCheckIn>(
    items: T[],
    name: string,
    sql: string,
    more: ((c: T) => unknown)[],
    on: DataSource | EntityManager,
    scalars: unknown[] = [],
  ): Promise<(Record<string, unknown> | null)[]> {
    const first = new Map<string, number>();
    items.forEach((c, i) => first.has(c.id) || first.set(c.id, i));
    const unique = [...first.values()].map((i) => items[i]);
    const rows = (await preparedQuery(on, name, sql, [
      unique.map((c) => c.id),
      unique.map((c) => c.userId),
      unique.map((c) => c.at),
      unique.map((c) => c.location),
      unique.map((c) => c.notes),
      ...more.map((f) => unique.map(f)),
      ...scalars,
    ])) as Record<string, unknown>[];
    const byId = new Map(rows.map((r) => [String(r.id), r]));
    return items.map((c, i) => (first.get(c.id) === i ? (byId.get(c.id) ?? null) : null));
  }

  /** The full check-in path's UPDATE (own, still PENDING): false when the row had moved on. */
  async checkIn(
    m: EntityManager,
    c: {
      id: string;
      userId: string;
      onTime: boolean;
      at: Date;
      method: string;
      location: string | null;
      notes: string | null;
      photoPath: string | null;
      failureReason: string | null;
      proofStatus: string | null;
      proofFlag: string | null;
    },
  ): Promise<boolean> {
    const updated = await m.query(
      `UPDATE challenges
            SET status = 'COMPLETED', is_successful = $3, check_in_time = $4, closed_at = $4, verification_method = $5,
                check_in_location = $6, notes = $7, photo_path = $8, failure_reason = $9, proof_status = $10, proof_flag = $11
          WHERE id = $1 AND user_id = $2 AND status = 'PENDING' RETURNING id`,
      [c.id, c.userId, c.onTime, c.at, c.method, c.location, c.notes, c.photoPath, c.failureReason, c.proofStatus, c.proofFlag],
    );
    return affectedIds(updated).length > 0;
  }
}
