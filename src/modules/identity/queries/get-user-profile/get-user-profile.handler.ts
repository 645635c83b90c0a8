import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import type { UserView } from '../../domain/user-view.js';
import { UsersRepository } from '../../infrastructure/users.repository.js';
import { GetUserViewQuery } from '../get-user-view/get-user-view.query.js';
import { GetUserProfileQuery } from './get-user-profile.query.js';

@QueryHandler(GetUserProfileQuery)
export class GetUserProfileHandler implements IQueryHandler<GetUserProfileQuery, UserView> {
  constructor(
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  async execute({ userId }: GetUserProfileQuery): Promise<UserView> {
    return this.queries.execute(new GetUserViewQuery(await this.users.active(userId)));
  }
}
