import { Inject } from '@nestjs/common';
import { CommandHandler, EventBus, ICommandHandler } from '@nestjs/cqrs';
import { randomInt, randomUUID } from 'node:crypto';
import { Clock } from '../../../../../common/clock.js';
import { PhotoStorage } from '../../../../../common/storage/photo-storage.js';
import { GroupCommit } from '../../../../../common/group-commit.js';
import { TickBatcher } from '../../../../../common/tick-batcher.js';
import { TransactionalEvents } from '../../../../../common/transactional-events.js';
import { isUuid } from '../../../../../common/uuid.js';
import { ChallengeErrors } from '../../../challenges.errors.js';
import { windowPhase } from '../../../shared/domain/challenge-rules.js';
import { checkInFailure, isOnTime } from '../../../shared/domain/check-in-rule.js';
import type { ChallengeView } from '../../../shared/domain/challenge-view.js';
import { imageExtension } from '../../../proof/domain/image-type.js';
import { STILL_AWAKE_SPREAD_SECONDS, stillAwakeMoment } from '../../../wake/domain/still-awake-rules.js';
import { CheckInPhotoUploadFailed } from '../../../events/challenge-events.js';
import type { ChallengeEntity } from '../../../shared/infrastructure/challenge.entity.js';
import { ChallengeRepository, ManualCheckIn, PhotoCheckIn } from '../../../shared/infrastructure/challenge.repository.js';
import { CheckInRepository } from '../../../shared/infrastructure/check-in.repository.js';
import { StillAwakeRepository } from '../../../wake/infrastructure/still-awake.repository.js';
import { proofFlagOf } from '../../../shared/domain/proof-rules.js';
import { isSamePicture } from '../../../shared/domain/same-picture.js';
import { fingerprintOf, PhotoReading, withoutMetadata } from '../../../proof/infrastructure/photo-fingerprint.js';
import { ProofRepository } from '../../../proof/infrastructure/proof.repository.js';
import { CheckInChallengeCommand } from './check-in-challenge.command.js';
import { ChallengeCheckedIn } from '../../../events/challenge-events.js';

type CheckedIn = { challenge: ChallengeView; isSuccessful: boolean };

@CommandHandler(CheckInChallengeCommand)
export class CheckInChallengeHandler implements ICommandHandler<CheckInChallengeCommand, CheckedIn> {
  /** The 6 AM rush: concurrent manual check-ins are one guarded UPDATE per turn of the event loop (group commit). */
  private readonly manualCheckIns = new TickBatcher<ManualCheckIn, Record<string, unknown> | null>((items) => this.checkIns.checkInManual(items));
  /** The proof level of the photo check-ins of one tick, read in one statement (only PHOTO ones take the rush's path). */
  private readonly proofReads = new TickBatcher<{ id: string; userId: string }, string | null>((items) => this.checkIns.proofsOf(items));
  /**
   * Photo-proof check-ins likewise, one transaction a batch (fingerprint lock, "seen before?", UPDATE, fingerprints), one
   * batch in flight: they all take the one lock, so the photos arriving meanwhile wait for the next batch instead of
   * each holding a connection in the lock's queue.
   */
  private readonly photoCheckIns = new GroupCommit<PhotoCheckIn, Record<string, unknown> | null>((items) => this.writePhotoCheckIns(items), 1);

  constructor(
    @Inject(ChallengeRepository) private readonly challenges: ChallengeRepository,
    @Inject(CheckInRepository) private readonly checkIns: CheckInRepository,
    @Inject(EventBus) private readonly eventBus: EventBus,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(PhotoStorage) private readonly photos: PhotoStorage,
    @Inject(StillAwakeRepository) private readonly stillAwake: StillAwakeRepository,
    @Inject(ProofRepository) private readonly proofs: ProofRepository,
    @Inject(TransactionalEvents) private readonly events: TransactionalEvents,
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
        const updated = this.challenges.hydrate(row);
        return this.afterCheckIn(userId, updated.id, updated.isSuccessful === true, updated.challengeDate, updated);
      }
    }
    if (photo && input.verificationMethod === 'PHOTO' && isUuid(input.challengeId)) {
      const done = await this.checkInWithPhoto(userId, input, photo.bytes);
      if (done) return done;
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
      if (c.proof === 'PHOTO' && fingerprint && (await this.proofs.seenBefore(fingerprint))) throw ChallengeErrors.photoUsedBefore();
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

    // the window has opened (BEFORE was refused above): on time by the check-in rule
    const onTime = isOnTime(now, c.windowClosesAt);
    const res = await this.challenges
      .transaction(async (m) => {
        if (fingerprint && photoPath) {
          await this.proofs.lockFingerprints(m);
          if (c.proof === 'PHOTO' && (await this.proofs.seenBefore(fingerprint, m))) throw ChallengeErrors.photoUsedBefore();
        }
        const updated = await this.checkIns.checkIn(m, {
          id: c.id,
          userId,
          onTime,
          at: now,
          method: input.verificationMethod,
          location: input.checkInLocation ?? null,
          notes: input.notes ?? null,
          photoPath,
          failureReason: checkInFailure(now, c.windowClosesAt),
          proofStatus: c.proof === 'PHOTO' ? 'PENDING_REVIEW' : null,
          // a near-blank frame goes first in peer review and is shown to support (decided by people, never by the flag)
          proofFlag: c.proof === 'PHOTO' && fingerprint ? proofFlagOf(fingerprint.greySpread) : null,
        });
        if (fingerprint && photoPath && updated) {
          await this.proofs.insertFingerprint(
            { id: randomUUID(), userId, challengeId: c.id, source: 'CHECK_IN', photoPath, ...fingerprint, createdAt: now },
            m,
          );
        }
        return updated;
      })
      .catch(async (e: unknown) => {
        // No row points at the stored photo: it goes too.
        if (photoPath) await this.photos.delete(photoPath).catch(() => undefined);
        throw e;
      });
    if (!res) {
      if (photoPath) await this.photos.delete(photoPath).catch(() => undefined);
      assertCheckInPossible(await this.challenges.findOwn(userId, c.id));
      throw ChallengeErrors.alreadyCheckedIn();
    }
    return this.afterCheckIn(userId, c.id, onTime, c.challengeDate);
  }

  /**
   * The rush's photo-proof check-in: for this user's PHOTO challenge, the photo read (fingerprints), stripped and stored
   * first, then a batched transaction decides it. Null when it is not this user's PHOTO challenge, or the batch did not
   * take it (not PENDING with its window open, a photo seen before, an unreadable photo, a store that is down): any
   * stored copy is removed and the full path below gives the precise answer (it reads, checks and stores again, under
   * the same lock).
   */
  private async checkInWithPhoto(userId: string, input: CheckInChallengeCommand['input'], bytes: Buffer): Promise<CheckedIn | null> {
    const at = this.clock.now();
    const ext = imageExtension(bytes);
    // the proof asked for is read while the photo is read: a NONE challenge's selfie is stored as sent, by the full path
    const [proof, fingerprint] = await Promise.all([
      this.proofReads.push({ id: input.challengeId, userId }).catch(() => null),
      ext ? fingerprintOf(bytes).catch(() => null) : null,
    ]);
    if (proof !== 'PHOTO' || !ext || !fingerprint) return null;
    const stored = await withoutMetadata(bytes, ext === 'png' ? 'png' : 'jpeg').catch(() => null);
    if (!stored) return null;
    const photoPath = `challenges/${input.challengeId}-${randomUUID()}.${ext}`;
    const put = await this.photos.put(photoPath, stored, ext === 'png' ? 'image/png' : 'image/jpeg').then(
      () => true,
      () => false,
    );
    if (!put) return null;
    const row = await this.photoCheckIns
      .push({
        id: input.challengeId,
        userId,
        at,
        location: input.checkInLocation ?? null,
        notes: input.notes ?? null,
        photoPath,
        flag: proofFlagOf(fingerprint.greySpread),
        sha256: fingerprint.sha256,
        dhash: fingerprint.dhash,
        fingerprintId: randomUUID(),
      })
      .catch(() => null);
    if (!row) {
      await this.photos.delete(photoPath).catch(() => undefined);
      return null;
    }
    const updated = this.challenges.hydrate(row);
    return this.afterCheckIn(userId, updated.id, updated.isSuccessful === true, updated.challengeDate, updated);
  }

  /**
   * One batch of photo-proof check-ins in one transaction: the fingerprint lock, which stored photos match
   * (ProofRepository.storedMatches), then one statement (PHOTO_CHECK_IN_SQL) checks in the others and stores their
   * fingerprints. A photo matching an earlier one of the same batch (or a challenge asked twice) is left to the full
   * path, which then finds the first one stored.
   */
  private async writePhotoCheckIns(items: PhotoCheckIn[]): Promise<(Record<string, unknown> | null)[]> {
    const alone = items.filter((it, i) => !items.slice(0, i).some((e) => e.id === it.id || isSamePicture(e, it)));
    const byItem = await this.challenges.transaction(async (m) => {
      await this.proofs.lockFingerprints(m);
      const seen = await this.proofs.storedMatches(alone, m);
      const fresh = alone.filter((_, i) => !seen[i]);
      const rows = fresh.length > 0 ? await this.checkIns.checkInWithPhoto(fresh, m) : [];
      return new Map(fresh.map((it, i) => [it, rows[i]]));
    });
    return items.map((it) => byItem.get(it) ?? null);
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

  private async afterCheckIn(userId: string, id: string, onTime: boolean, challengeDate: string, known?: ChallengeEntity): Promise<CheckedIn> {
    const updated = known ?? (await this.challenges.findOwn(userId, id));
    if (onTime) await this.armStillAwake(updated);
    const donationTo = updated.poolMode === 'pledge' ? this.challenges.view(updated).donationTo : null;
    await this.events.publish(new ChallengeCheckedIn({ id, userId, date: challengeDate, onTime, donationTo }));
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
    await this.stillAwake
      .armStillAwake({ challengeId: c.id, userId: c.userId, askAt, deadlineAt, now: this.clock.now() })
      .catch((e: unknown) => this.stillAwake.logArmFailure(c.id, e));
  }
}

function assertCheckInPossible(c: ChallengeEntity): void {
  if (c.status === 'CANCELLED') throw ChallengeErrors.cancelled();
  if (c.status !== 'PENDING') throw c.checkInTime ? ChallengeErrors.alreadyCheckedIn() : ChallengeErrors.alreadyClosedMissed();
}
