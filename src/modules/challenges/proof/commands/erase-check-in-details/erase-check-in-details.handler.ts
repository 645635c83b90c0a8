import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { PhotoStorage } from '../../../../../common/storage/photo-storage.js';
import { AppealRepository } from '../../../appeals/infrastructure/appeal.repository.js';
import { ChallengePhotosRepository } from '../../infrastructure/challenge-photos.repository.js';
import { EraseCheckInDetailsCommand } from './erase-check-in-details.command.js';

@CommandHandler(EraseCheckInDetailsCommand)
export class EraseCheckInDetailsHandler implements ICommandHandler<EraseCheckInDetailsCommand, { erased: number }> {
  private readonly logger = new Logger('Challenges');

  constructor(
    @Inject(PhotoStorage) private readonly photos: PhotoStorage,
    @Inject(ChallengePhotosRepository) private readonly photoRows: ChallengePhotosRepository,
    @Inject(AppealRepository) private readonly appeals: AppealRepository,
  ) {}

  async execute({ userId, manager }: EraseCheckInDetailsCommand): Promise<{ erased: number }> {
    const list = await this.photoRows.eraseCheckInDetails(userId, manager);
    // photos sent with appeals go too (the appeal's reason and decision stay: they explain ledger lines)
    const appealPhotos = await this.appeals.erasePhotos(userId, manager);
    // A photo whose object cannot be deleted now is only logged: the closure is not held up by storage.
    for (const r of [...list, ...appealPhotos]) {
      if (r.photo_path) await this.photos.delete(r.photo_path).catch((e: Error) => this.logger.error(`could not delete photo ${r.photo_path}: ${e.message}`));
    }
    return { erased: list.length };
  }
}
