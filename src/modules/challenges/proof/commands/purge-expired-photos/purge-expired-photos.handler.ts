import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '../../../../../common/clock.js';
import { PhotoStorage } from '../../../../../common/storage/photo-storage.js';
import { zonedParts } from '../../../../../common/time.js';
import { AppConfig } from '../../../../../config/app-config.js';
import { photoPurgeRange } from '../../domain/photo-retention.js';
import { AppealRepository } from '../../../appeals/infrastructure/appeal.repository.js';
import { ChallengePhotosRepository } from '../../infrastructure/challenge-photos.repository.js';
import { ProofRepository } from '../../infrastructure/proof.repository.js';
import { PurgeExpiredPhotosCommand } from './purge-expired-photos.command.js';

const BATCH = 500;

/**
 * Object first, then the key: a purge cut short leaves a key whose object is gone, which the next run deletes again
 * (a missing object is no error) and clears. The support console answers "no photo" for it meanwhile.
 */
@CommandHandler(PurgeExpiredPhotosCommand)
export class PurgeExpiredPhotosHandler implements ICommandHandler<PurgeExpiredPhotosCommand, { purged: number }> {
  constructor(
    @Inject(ChallengePhotosRepository) private readonly photoRows: ChallengePhotosRepository,
    @Inject(AppealRepository) private readonly appeals: AppealRepository,
    @Inject(PhotoStorage) private readonly photos: PhotoStorage,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(ProofRepository) private readonly proofs: ProofRepository,
  ) {}

  async execute(): Promise<{ purged: number }> {
    const { from, to } = photoPurgeRange(zonedParts(this.clock.now(), this.config.appTimezone).date);
    // check-in selfies, then the photos sent with appeals, by the date of the morning they are about
    const checkIns = await this.purge(
      () => this.photoRows.photosDated(from, to, BATCH),
      (ids) => this.photoRows.clearPhotos(ids),
    );
    const appeals = await this.purge(
      () => this.appeals.photosDated(from, to, BATCH),
      (ids) => this.appeals.clearPhotos(ids),
    );
    // the photos' fingerprints and the verdicts on them go with the photos
    await this.proofs.purgeForDates(from, to);
    return { purged: checkIns + appeals };
  }

  private async purge(batch: () => Promise<{ id: string; photo_path: string }[]>, clear: (ids: string[]) => Promise<void>): Promise<number> {
    let purged = 0;
    for (;;) {
      const rows = await batch();
      for (const r of rows) await this.photos.delete(r.photo_path);
      if (rows.length) await clear(rows.map((r) => r.id));
      purged += rows.length;
      if (rows.length < BATCH) return purged;
    }
  }
}
