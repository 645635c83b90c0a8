import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { AppealRepository } from '../../infrastructure/appeal.repository.js';
import { GetAppealPhotoQuery } from './get-appeal-photo.query.js';

@QueryHandler(GetAppealPhotoQuery)
export class GetAppealPhotoHandler implements IQueryHandler<GetAppealPhotoQuery, { userId: string; challengeId: string; photoPath: string } | null> {
  constructor(@Inject(AppealRepository) private readonly appeals: AppealRepository) {}

  async execute({ appealId }: GetAppealPhotoQuery) {
    const a = await this.appeals.byId(appealId);
    return a?.photoPath ? { userId: a.userId, challengeId: a.challengeId, photoPath: a.photoPath } : null;
  }
}
