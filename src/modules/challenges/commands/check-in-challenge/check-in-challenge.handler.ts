import { Inject } from '@nestjs/common';
import { CommandHandler, EventBus, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomInt, randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { Clock } from '../../../../common/clock.js';
import { preparedQuery } from '../../../../common/prepared-query.js';
import { PhotoStorage } from '../../../../common/storage/photo-storage.js';
import { TickBatcher } from '../../../../common/tick-batcher.js';
import { isUuid } from '../../../../common/uuid.js';
import { ChallengesService } from '../../challenges.service.js';
import { ChallengeErrors } from '../../challenges.errors.js';
import { windowPhase } from '../../domain/challenge-rules.js';
import type { ChallengeView } from '../../domain/challenge-view.js';
import { imageExtension } from '../../domain/image-type.js';
import { STILL_AWAKE_SPREAD_SECONDS, stillAwakeMoment } from '../../domain/still-awake-rules.js';
import { CheckInPhotoUploadFailed } from '../../events/challenge-events.js';
import { ChallengeEntity } from '../../infrastructure/challenge.entity.js';
import { affectedIds } from '../../infrastructure/sql.js';
import { WakeRepository } from '../../infrastructure/wake.repository.js';
import { PHOTO_MATCH_MAX_DISTANCE, proofFlagOf } from '../../domain/proof-rules.js';
import { fingerprintOf, PhotoReading, withoutMetadata } from '../../infrastructure/photo-fingerprint.js';
import { ProofRepository } from '../../infrastructure/proof.repository.js';
import { CheckInChallengeCommand } from './check-in-challenge.command.js';
import { ChallengeCheckedIn } from '../../events/challenge-events.js';

interface ManualCheckIn {
  id: string;
  userId: string;
  at: Date;
  location: string | null;
  notes: string | null;
}

type CheckedIn = { challenge: ChallengeView; isSuccessful: boolean };

@CommandHandler(CheckInChallengeCommand)
export class CheckInChallengeHandler implements ICommandHandler<CheckInChallengeCommand, CheckedIn> {
  /** The 6 AM rush: concurrent manual check-ins are one guarded UPDATE per turn of the event loop (group commit). */
  private readonly manualCheckIns = new TickBatcher<ManualCheckIn, Record<string, unknown> | null>((items) => this.checkIn(items));

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(EventBus) private readonly eventBus: EventBus,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(PhotoStorage) private readonly photos: PhotoStorage,
    @Inject(WakeRepository) private readonly wake: WakeRepository,
    @Inject(ChallengesService) private readonly challenges: ChallengesService,
    @Inject(ProofRepository) private readonly proofs: ProofRepository,
  ) {}

  async execute({ userId, input, photo }: CheckInChallengeCommand): Promise<CheckedIn> {
    // The 6 AM rush: a manual check-in is one guarded UPDATE (own, PENDING, window opened; on time iff before the
    // close), shared by the check-ins of the same tick. Anything it does not match takes the full path below, which
    // answers the precise error.
    if (!photo && input.verificationMethod === 'MANUAL' && isUuid(input.challengeId)) {
      const row = await this.manualCheckIns.push({
        id: input.challengeId,
        userId,
        at: this.clock.now(),
        location: input.checkInLocation ?? null,
        notes: input.notes ?? null,
      });
      // The updated row comes back whole and is hydrated like TypeORM would: no second read.
      if (row) {
        const updated = this.hydrate(row);
        return this.afterCheckIn(userId, updated.id, updated.isSuccessful === true, updated.challengeDate, updated);
      }
    }
    const c = await this.challenges.findOwn(userId, input.challengeId);
    assertCheckInPossible(c);
    const now = this.clock.now();
    const phase = windowPhase({ opensAt: c.windowOpensAt, closesAt: c.windowClosesAt }, now);
    if (phase === 'BEFORE') throw ChallengeErrors.windowNotOpen();
    // proof of wake: a PHOTO challenge's morning is a new photo taken in the app, nothing else
    if (c.proof === 'PHOTO' && (input.verificationMethod !== 'PHOTO' || !photo)) throw ChallengeErrors.photoProofRequired();
    if (input.verificationMethod === 'PHOTO' && !photo) throw ChallengeErrors.photoRequired();
    if (input.verificationMethod === 'MANUAL' && photo) throw ChallengeErrors.photoNotExpected();

    let photoPath: string | null = null;
    let fingerprint: PhotoReading | null = null;
    if (photo) {
      const ext = imageExtension(photo.bytes);
      if (!ext) throw ChallengeErrors.photoType();
      fingerprint = await this.fingerprint(photo.bytes, c.proof === 'PHOTO');
      // refused before anything is stored; checked again under the lock below (two uploads of one photo at once)
      if (c.proof === 'PHOTO' && fingerprint && (await this.proofs.seenBefore(fingerprint, PHOTO_MATCH_MAX_DISTANCE))) throw ChallengeErrors.photoUsedBefore();
      // a proof photo is stored without its EXIF block (camera, time, GPS location), rotation applied
      if (c.proof === 'PHOTO') photo = { bytes: await withoutMetadata(photo.bytes, ext === 'png' ? 'png' : 'jpeg') };
      // Stored before the row points at it: a store that is down answers 503 and the challenge stays PENDING.
      photoPath = `challenges/${c.id}-${randomUUID()}.${ext}`;
      await this.photos.put(photoPath, photo.bytes, ext === 'png' ? 'image/png' : 'image/jpeg').catch((e: unknown) => {
        // counted by the availability recorder: enough refused photos in a minute is an outage that forgives misses
        this.eventBus.publish(new CheckInPhotoUploadFailed(c.id, userId));
        throw e;
      });
    }

    const onTime = phase === 'OPEN';
    const res = await this.dataSource.transaction(async (m) => {
      if (fingerprint && photoPath) {
        await this.proofs.lockFingerprints(m);
        if (c.proof === 'PHOTO' && (await this.proofs.seenBefore(fingerprint, PHOTO_MATCH_MAX_DISTANCE, m))) throw ChallengeErrors.photoUsedBefore();
      }
      const updated = await m.query(
        `UPDATE challenges
            SET status = 'COMPLETED', is_successful = $3, check_in_time = $4, closed_at = $4, verification_method = $5,
                check_in_location = $6, notes = $7, photo_path = $8, failure_reason = $9, proof_status = $10, proof_flag = $11
          WHERE id = $1 AND user_id = $2 AND status = 'PENDING' RETURNING id`,
        [c.id, userId, onTime, now, input.verificationMethod, input.checkInLocation ?? null, input.notes ?? null, photoPath, onTime ? null : 'Checked in after the window closed',
          c.proof === 'PHOTO' ? 'PENDING_REVIEW' : null,
          // a near-blank frame goes first in peer review and is shown to support (decided by people, never by the flag)
          c.proof === 'PHOTO' && fingerprint ? proofFlagOf(fingerprint.greySpread) : null],
      );
      if (fingerprint && photoPath && affectedIds(updated).length > 0) {
        await this.proofs.insertFingerprint({ id: randomUUID(), userId, challengeId: c.id, source: 'CHECK_IN', photoPath, ...fingerprint, createdAt: now }, m);
      }
      return updated;
    }).catch(async (e: unknown) => {
      // No row points at the stored photo: it goes too.
      if (photoPath) await this.photos.delete(photoPath).catch(() => undefined);
      throw e;
    });
    if (affectedIds(res).length === 0) {
      if (photoPath) await this.photos.delete(photoPath).catch(() => undefined);
      assertCheckInPossible(await this.challenges.findOwn(userId, c.id));
      throw ChallengeErrors.alreadyCheckedIn();
    }
    return this.afterCheckIn(userId, c.id, onTime, c.challengeDate);
  }

  /**
   * The guarded UPDATE of manual check-ins: own, PENDING, window opened; on time iff before the close. Answers each
   * updated row, or null when it did not match (the caller then takes the full path for the precise error).
   */
  private async checkIn(items: ManualCheckIn[]): Promise<(Record<string, unknown> | null)[]> {
    // A challenge asked twice in one batch is updated by its first ask; the second answers null (the full path then
    // finds it checked in).
    const first = new Map<string, number>();
    items.forEach((c, i) => first.has(c.id) || first.set(c.id, i));
    const unique = [...first.values()].map((i) => items[i]);
    const rows = (await preparedQuery(
      this.dataSource,
      'challenge_check_in_v3',
      `UPDATE challenges c
          SET status = 'COMPLETED', is_successful = (x.at < c.window_closes_at), check_in_time = x.at, closed_at = x.at,
              verification_method = 'MANUAL', check_in_location = x.location, notes = x.notes, photo_path = NULL,
              failure_reason = CASE WHEN x.at < c.window_closes_at THEN NULL ELSE 'Checked in after the window closed' END
         FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[], $4::text[], $5::text[]) AS x(id, user_id, at, location, notes)
        WHERE c.id = x.id AND c.user_id = x.user_id AND c.status = 'PENDING' AND c.window_opens_at <= x.at AND c.proof = 'NONE'
        RETURNING c.*`,
      [unique.map((c) => c.id), unique.map((c) => c.userId), unique.map((c) => c.at), unique.map((c) => c.location), unique.map((c) => c.notes)],
    )) as Record<string, unknown>[];
    const byId = new Map(rows.map((r) => [String(r.id), r]));
    return items.map((c, i) => (first.get(c.id) === i ? (byId.get(c.id) ?? null) : null));
  }

  /**
   * A check-in photo's fingerprints (every stored photo is remembered, so a PHOTO morning never reuses one). A proof
   * photo that cannot be decoded is refused; another check-in's selfie is kept without a fingerprint.
   */
  private async fingerprint(bytes: Buffer, proof: boolean): Promise<PhotoReading | null> {
    try {
      return await fingerprintOf(bytes);
    } catch {
      if (proof) throw ChallengeErrors.photoUnreadable();
      return null;
    }
  }

  /** A raw challenges row (RETURNING *) as the entity, through the driver's own per-column hydration and transformers. */
  private hydrate(row: Record<string, unknown>): ChallengeEntity {
    const meta = this.dataSource.getMetadata(ChallengeEntity);
    const entity = meta.create() as ChallengeEntity;
    for (const col of meta.columns) {
      if (col.databaseName in row) col.setEntityValue(entity, this.dataSource.driver.prepareHydratedValue(row[col.databaseName], col));
    }
    return entity;
  }

  private async afterCheckIn(userId: string, id: string, onTime: boolean, challengeDate: string, known?: ChallengeEntity): Promise<CheckedIn> {
    const updated = known ?? (await this.challenges.findOwn(userId, id));
    if (onTime) await this.armStillAwake(updated);
    const donationTo = updated.poolMode === 'pledge' ? this.challenges.view(updated).donationTo : null;
    await this.challenges.notify(new ChallengeCheckedIn({ id, userId, date: challengeDate, onTime, donationTo }));
    // No pool read here (the 6 AM rush): a late check-in answers its forfeit at once, the estimate comes with the next read.
    const [challenge] = await this.challenges.views([updated], false);
    return { challenge, isSuccessful: onTime };
  }

  /**
   * "Still awake?" (when the user has it on): a second check at a random moment 20-40 minutes after the check-in, chosen
   * and stored here, by the server's clock. Armed right after the check-in's commit; should that fail, the morning
   * stands without it (logged: never a check-in answered as an error after it was recorded).
   */
  private async armStillAwake(c: ChallengeEntity): Promise<void> {
    const checkedInAt = c.checkInTime ?? this.clock.now();
    const { askAt, deadlineAt } = stillAwakeMoment(checkedInAt, randomInt(0, STILL_AWAKE_SPREAD_SECONDS + 1));
    await this.wake.armStillAwake({ challengeId: c.id, userId: c.userId, askAt, deadlineAt, now: this.clock.now() }).catch((e: unknown) => this.wake.logArmFailure(c.id, e));
  }
}

function assertCheckInPossible(c: ChallengeEntity): void {
  if (c.status === 'CANCELLED') throw ChallengeErrors.cancelled();
  if (c.status !== 'PENDING') throw c.checkInTime ? ChallengeErrors.alreadyCheckedIn() : ChallengeErrors.alreadyClosedMissed();
}
