import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { PhotoStorage } from '../../../../common/storage/photo-storage.js';
import { EraseCheckInDetailsCommand } from './erase-check-in-details.command.js';

@CommandHandler(EraseCheckInDetailsCommand)
export class EraseCheckInDetailsHandler implements ICommandHandler<EraseCheckInDetailsCommand, { erased: number }> {
  private readonly logger = new Logger('Challenges');

  constructor(@Inject(PhotoStorage) private readonly photos: PhotoStorage) {}

  async execute({ userId, manager }: EraseCheckInDetailsCommand): Promise<{ erased: number }> {
    const rows = (await manager.query(
      `UPDATE challenges c SET notes = NULL, check_in_location = NULL, photo_path = NULL
         FROM (SELECT id, photo_path FROM challenges WHERE user_id = $1 AND (notes IS NOT NULL OR check_in_location IS NOT NULL OR photo_path IS NOT NULL) FOR UPDATE) prev
        WHERE c.id = prev.id
        RETURNING prev.photo_path`,
      [userId],
    )) as [{ photo_path: string | null }[], number];
    const list = Array.isArray(rows[0]) ? rows[0] : (rows as unknown as { photo_path: string | null }[]);
    // photos sent with appeals go too (the appeal's reason and decision stay: they explain ledger lines)
    const appealRows = (await manager.query(
      `UPDATE challenge_appeals a SET photo_path = NULL
         FROM (SELECT id, photo_path FROM challenge_appeals WHERE user_id = $1 AND photo_path IS NOT NULL FOR UPDATE) prev
        WHERE a.id = prev.id
        RETURNING prev.photo_path`,
      [userId],
    )) as [{ photo_path: string | null }[], number];
    const appealPhotos = Array.isArray(appealRows[0]) ? appealRows[0] : (appealRows as unknown as { photo_path: string | null }[]);
    // A photo whose object cannot be deleted now is only logged: the closure is not held up by storage.
    for (const r of [...list, ...appealPhotos]) {
      if (r.photo_path) await this.photos.delete(r.photo_path).catch((e: Error) => this.logger.error(`could not delete photo ${r.photo_path}: ${e.message}`));
    }
    return { erased: list.length };
  }
}
