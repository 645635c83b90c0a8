import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { UserView } from '../../application/user-view.js';
import { ProfileService } from '../../application/profile.service.js';
import { GetUserProfileQuery } from './get-user-profile.query.js';

@QueryHandler(GetUserProfileQuery)
export class GetUserProfileHandler implements IQueryHandler<GetUserProfileQuery, UserView> {
  constructor(@Inject(ProfileService) private readonly profiles: ProfileService) {}

  async execute({ userId }: GetUserProfileQuery): Promise<UserView> {
    return (await this.profiles.get(userId)).data;
  }
}
