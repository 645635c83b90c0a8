import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { AccountsService } from '../../application/accounts.service.js';
import { UserView, UserViewBuilder } from '../../application/user-view.js';
import { GetUserProfileQuery } from './get-user-profile.query.js';

@QueryHandler(GetUserProfileQuery)
export class GetUserProfileHandler implements IQueryHandler<GetUserProfileQuery, UserView> {
  constructor(
    @Inject(AccountsService) private readonly accounts: AccountsService,
    @Inject(UserViewBuilder) private readonly views: UserViewBuilder,
  ) {}

  async execute({ userId }: GetUserProfileQuery): Promise<UserView> {
    return this.views.build(await this.accounts.active(userId));
  }
}
