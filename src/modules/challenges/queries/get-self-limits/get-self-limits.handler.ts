import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { SelfLimitsRepository } from '../../infrastructure/self-limits.repository.js';
import { SelfLimitsService, SelfLimitsView } from '../../self-limits.service.js';
import { GetSelfLimitsQuery } from './get-self-limits.query.js';

@QueryHandler(GetSelfLimitsQuery)
export class GetSelfLimitsHandler implements IQueryHandler<GetSelfLimitsQuery, SelfLimitsView> {
  constructor(
    @Inject(SelfLimitsRepository) private readonly repo: SelfLimitsRepository,
    @Inject(SelfLimitsService) private readonly limits: SelfLimitsService,
  ) {}

  async execute({ userId }: GetSelfLimitsQuery): Promise<SelfLimitsView> {
    return this.limits.view(userId, await this.repo.get(userId));
  }
}
