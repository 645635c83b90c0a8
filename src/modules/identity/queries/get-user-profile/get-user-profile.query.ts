import { Query } from '@nestjs/cqrs';
import type { UserView } from '../../domain/user-view.js';

/** A user's profile exactly as GET /auth/profile shows it to them (the route, and their data export); a closed account: 401. */
export class GetUserProfileQuery extends Query<UserView> {
  constructor(readonly userId: string) {
    super();
  }
}
