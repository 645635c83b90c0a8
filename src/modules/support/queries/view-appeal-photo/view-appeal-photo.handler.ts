import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { SupportErrors } from '../../support.errors.js';
import { PhotoStorage } from '../../../../common/storage/photo-storage.js';
import { GetAppealPhotoQuery } from '../../../challenges/appeals/queries/get-appeal-photo/get-appeal-photo.query.js';
import { SupportPhoto, supportPhoto } from '../../domain/image-type.js';
import { AccessLogRepository } from '../../infrastructure/access-log.repository.js';
import { ViewAppealPhotoQuery } from './view-appeal-photo.query.js';

@QueryHandler(ViewAppealPhotoQuery)
export class ViewAppealPhotoHandler implements IQueryHandler<ViewAppealPhotoQuery, SupportPhoto> {
  constructor(
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(PhotoStorage) private readonly photos: PhotoStorage,
    @Inject(AccessLogRepository) private readonly access: AccessLogRepository,
  ) {}

  async execute({ actor, appealId }: ViewAppealPhotoQuery): Promise<SupportPhoto> {
    const found = await this.queryBus.execute(new GetAppealPhotoQuery(appealId));
    const bytes = found && (await this.photos.get(found.photoPath));
    if (!found || !bytes) throw SupportErrors.appealPhotoNotFound();
    await this.access.recordBy(actor, found.userId, 'appeal.photo', `appeal:${appealId}:photo`, { bytes: bytes.length });
    return supportPhoto(bytes);
  }
}
