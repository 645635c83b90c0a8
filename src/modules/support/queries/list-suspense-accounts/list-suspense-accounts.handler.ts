import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { ListSuspenseQuery } from '../../../wallet/queries/list-suspense/list-suspense.query.js';
import { AccessLogRepository } from '../../infrastructure/access-log.repository.js';
import { SuspensePage, suspenseView } from '../../domain/views.js';
import { ListSuspenseAccountsQuery } from './list-suspense-accounts.query.js';

@QueryHandler(ListSuspenseAccountsQuery)
export class ListSuspenseAccountsHandler implements IQueryHandler<ListSuspenseAccountsQuery, SuspensePage> {
  constructor(
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(AccessLogRepository) private readonly access: AccessLogRepository,
  ) {}

  async execute({ actor, all }: ListSuspenseAccountsQuery): Promise<SuspensePage> {
    const accounts = await this.queryBus.execute(new ListSuspenseQuery(!all));
    await this.access.recordBy(actor, null, 'suspense.list', 'suspense', { results: accounts.length });
    return suspenseView(accounts);
  }
}
