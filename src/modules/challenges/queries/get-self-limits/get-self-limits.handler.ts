import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { SelfLimitsService, SelfLimitsView } from '../../self-limits.service.js';
import { GetSelfLimitsQuery } from './get-self-limits.query.js';

@QueryHandler(GetSelfLimitsQuery)
export class GetSelfLimitsHandler implements IQueryHandler<GetSelfLimitsQuery, SelfLimitsView> {
  constructor(@Inject(SelfLimitsService) private readonly limits: SelfLimitsService) {}

  execute({ userId }: GetSelfLimitsQuery): Promise<SelfLimitsView> {
    return this.limits.get(userId);
  }
}
