import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Clock } from '../../../../common/clock.js';
import { PhotoStorage } from '../../../../common/storage/photo-storage.js';
import { zonedParts } from '../../../../common/time.js';
import { AppConfig } from '../../../../config/app-config.js';
import { photoPurgeRange } from '../../domain/photo-retention.js';
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
    @Inject(getDataSourceToken()) private readonly dataSource: DataSource,
    @Inject(PhotoStorage) private readonly photos: PhotoStorage,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(ProofRepository) private readonly proofs: ProofRepository,
  ) {}

  async execute(): Promise<{ purged: number }> {
    const { from, to } = photoPurgeRange(zonedParts(this.clock.now(), this.config.appTimezone).date);
    // check-in selfies, then the photos sent with appeals, by the date of the morning they are about
    const checkIns = await this.purge(
      `SELECT id, photo_path FROM challenges
        WHERE challenge_date >= $1::date AND challenge_date < $2::date AND photo_path IS NOT NULL
        ORDER BY challenge_date, id LIMIT $3`,
      `UPDATE challenges SET photo_path = NULL WHERE id = ANY($1::uuid[])`,
      from,
      to,
    );
    const appeals = await this.purge(
      `SELECT a.id, a.photo_path FROM challenge_appeals a JOIN challenges c ON c.id = a.challenge_id
        WHERE c.challenge_date >= $1::date AND c.challenge_date < $2::date AND a.photo_path IS NOT NULL
        ORDER BY c.challenge_date, a.id LIMIT $3`,
      `UPDATE challenge_appeals SET photo_path = NULL WHERE id = ANY($1::uuid[])`,
      from,
      to,
    );
    // the photos' fingerprints and the verdicts on them go with the photos (issue #33)
    await this.proofs.purgeForDates(from, to);
    return { purged: checkIns + appeals };
  }

  private async purge(select: string, clear: string, from: string, to: string): Promise<number> {
    let purged = 0;
    for (;;) {
      const rows: { id: string; photo_path: string }[] = await this.dataSource.query(select, [from, to, BATCH]);
      for (const r of rows) await this.photos.delete(r.photo_path);
      if (rows.length) await this.dataSource.query(clear, [rows.map((r) => r.id)]);
      purged += rows.length;
      if (rows.length < BATCH) return purged;
    }
  }
}
