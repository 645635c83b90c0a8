import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { SelfLimitsView } from '../../domain/self-limits.js';
import { SelfLimitsRepository } from '../../infrastructure/self-limits.repository.js';
import { GetSelfLimitsQuery } from './get-self-limits.query.js';

@QueryHandler(GetSelfLimitsQuery)
export class GetSelfLimitsHandler implements IQueryHandler<GetSelfLimitsQuery, SelfLimitsView> {
  constructor(@Inject(SelfLimitsRepository) private readonly repo: SelfLimitsRepository) {}

  async execute({ userId }: GetSelfLimitsQuery): Promise<SelfLimitsView> {
    return this.repo.view(userId, await this.repo.get(userId));
  }
}
