import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { PhotoStorage } from '../../../../common/storage/photo-storage.js';
import { SupportPhoto, supportPhoto } from '../../domain/image-type.js';
import { AccessLogRepository } from '../../infrastructure/access-log.repository.js';
import { SupportErrors } from '../../support.errors.js';
import { ViewChallengePhotoQuery } from './view-challenge-photo.query.js';
import { GetChallengeDetailQuery } from '../../../challenges/day/queries/get-challenge-detail/get-challenge-detail.query.js';

@QueryHandler(ViewChallengePhotoQuery)
export class ViewChallengePhotoHandler implements IQueryHandler<ViewChallengePhotoQuery, SupportPhoto> {
  constructor(
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(PhotoStorage) private readonly photos: PhotoStorage,
    @Inject(AccessLogRepository) private readonly access: AccessLogRepository,
  ) {}

  async execute({ actor, challengeId }: ViewChallengePhotoQuery): Promise<SupportPhoto> {
    const c = await this.queryBus.execute(new GetChallengeDetailQuery(challengeId));
    if (!c) throw SupportErrors.challengeNotFound();
    if (!c.photoPath) throw SupportErrors.photoNotFound();
    const bytes = await this.photos.get(c.photoPath);
    if (!bytes) throw SupportErrors.photoNotFound();
    await this.access.recordBy(actor, c.userId, 'challenge.photo', `challenge:${c.id}:photo`, { bytes: bytes.length });
    return supportPhoto(bytes);
  }
}
