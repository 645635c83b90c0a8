import { Query } from '@nestjs/cqrs';
import type { UserView } from '../../application/user-view.js';

/** A user's profile exactly as GET /auth/profile shows it to them (for their data export). */
export class GetUserProfileQuery extends Query<UserView> {
  constructor(readonly userId: string) {
    super();
  }
}
