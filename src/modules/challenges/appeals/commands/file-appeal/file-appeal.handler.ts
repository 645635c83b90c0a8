import { Inject } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { PhotoStorage } from '../../../../../common/storage/photo-storage.js';
import { CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { Clock } from '../../../../../common/clock.js';
import { uuid7 } from '../../../../../common/uuid.js';
import { ChallengeErrors } from '../../../challenges.errors.js';
import { imageExtension } from '../../../proof/domain/image-type.js';
import { appealProblem, reasonProblem } from '../../domain/appeal-rules.js';
import { AppealView, appealView } from '../../domain/appeal-view.js';
import { AppealRepository } from '../../infrastructure/appeal.repository.js';
import { fingerprintOf } from '../../../proof/infrastructure/photo-fingerprint.js';
import { ProofRepository } from '../../../proof/infrastructure/proof.repository.js';
import { GetChallengeDetailQuery } from '../../../day/queries/get-challenge-detail/get-challenge-detail.query.js';
import { FileAppealCommand } from './file-appeal.command.js';

const appealedAlready = () => ChallengeErrors.invalid('This morning has been appealed already');

@CommandHandler(FileAppealCommand)
export class FileAppealHandler implements ICommandHandler<FileAppealCommand, AppealView> {
  constructor(
    @Inject(AppealRepository) private readonly appeals: AppealRepository,
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(PhotoStorage) private readonly photos: PhotoStorage,
    @Inject(ProofRepository) private readonly proofs: ProofRepository,
  ) {}

  async execute({ userId, challengeId, reason, photo }: FileAppealCommand): Promise<AppealView> {
    const now = this.clock.now();
    const challenge = await this.queryBus.execute(new GetChallengeDetailQuery(challengeId));
    if (!challenge || challenge.userId !== userId) throw ChallengeErrors.notFound();
    const problem = reasonProblem(reason) ?? appealProblem(challenge, now);
    if (problem) throw ChallengeErrors.invalid(problem);
    if (await this.appeals.forChallenge(challengeId)) throw appealedAlready();
    const photoPath = photo ? await this.store(challengeId, photo) : null;
    const inserted = await this.appeals
      .insert({ id: uuid7(), challengeId, userId, reason: (reason as string).trim(), photoPath }, now)
      .catch(async (e: unknown) => {
        if (photoPath) await this.photos.delete(photoPath).catch(() => undefined);
        throw e;
      });
    if (!inserted) {
      // a second appeal raced this one: no row points at the photo, so it goes
      if (photoPath) await this.photos.delete(photoPath).catch(() => undefined);
      throw appealedAlready();
    }
    // remembered, so a PHOTO morning can never use it as its proof; an unreadable image just is not
    if (photo && photoPath) {
      const fp = await fingerprintOf(photo).catch(() => null);
      if (fp) await this.proofs.insertFingerprint({ id: randomUUID(), userId, challengeId, source: 'APPEAL', photoPath, ...fp, createdAt: now });
    }
    return appealView((await this.appeals.forChallenge(challengeId))!);
  }

  /** The photo under `appeals/`, typed by its bytes; a store that cannot be reached answers 503 (storageUnavailable). */
  private async store(challengeId: string, bytes: Buffer): Promise<string> {
    const ext = imageExtension(bytes);
    if (!ext) throw ChallengeErrors.photoType();
    const key = `appeals/${challengeId}-${randomUUID()}.${ext}`;
    await this.photos.put(key, bytes, ext === 'png' ? 'image/png' : 'image/jpeg');
    return key;
  }
}
