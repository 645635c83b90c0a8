import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { toRupees } from '../../../../common/money.js';
import { FindUsersQuery } from '../../../identity/queries/find-users/find-users.query.js';
import { GetBalancesQuery } from '../../../wallet/queries/get-balances/get-balances.query.js';
import { AccessLogRepository } from '../../infrastructure/access-log.repository.js';
import { SupportErrors } from '../../support.errors.js';
import { userView } from '../../domain/views.js';
import { FoundUser, SearchUsersQuery } from './search-users.query.js';

@QueryHandler(SearchUsersQuery)
export class SearchUsersHandler implements IQueryHandler<SearchUsersQuery, { users: FoundUser[] }> {
  constructor(
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(AccessLogRepository) private readonly access: AccessLogRepository,
  ) {}

  async execute({ actor, q, email }: SearchUsersQuery) {
    const field = q !== undefined ? 'q' : 'email';
    const search = String(q ?? email ?? '').trim();
    if (search.length < 2 || search.length > 254) throw SupportErrors.invalid(`${field} must be 2 to 254 characters`);
    const users = await this.queryBus.execute(new FindUsersQuery(search, 20));
    const balances = await this.queryBus.execute(new GetBalancesQuery(users.map((u) => u.id)));
    const withBalances = users.map((u) => ({ ...userView(u), balance: toRupees(balances.get(u.id)!) }));
    await this.access.recordBy(actor, null, 'users.search', 'users', { [field]: search, results: users.length });
    return { users: withBalances };
  }
}
