import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { AppealView, appealView } from '../../domain/appeal-view.js';
import { AppealRepository } from '../../infrastructure/appeal.repository.js';
import { GetAppealQuery } from './get-appeal.query.js';

@QueryHandler(GetAppealQuery)
export class GetAppealHandler implements IQueryHandler<GetAppealQuery, AppealView | null> {
  constructor(@Inject(AppealRepository) private readonly appeals: AppealRepository) {}

  async execute({ userId, challengeId }: GetAppealQuery): Promise<AppealView | null> {
    const a = await this.appeals.forChallenge(challengeId);
    return a && a.userId === userId ? appealView(a) : null;
  }
}
