import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { OutageView, outageView } from '../../domain/outage-view.js';
import { AvailabilityRepository } from '../../infrastructure/availability.repository.js';
import { ListOutagesQuery } from './list-outages.query.js';

@QueryHandler(ListOutagesQuery)
export class ListOutagesHandler implements IQueryHandler<ListOutagesQuery, OutageView[]> {
  constructor(@Inject(AvailabilityRepository) private readonly repo: AvailabilityRepository) {}

  async execute({ filter }: ListOutagesQuery): Promise<OutageView[]> {
    if (filter.ids && filter.ids.length === 0) return [];
    return (await this.repo.list(filter)).map(outageView);
  }
}
